import { Router } from "express";

/**
 * A router that matches paths in the letter case the contract writes them. Express matches case-insensitively by
 * default, while the role gate (`roleForPath`) reads the path as sent: with the default, a provider signature on
 * `/PORTAL/API/ROTATE-SECRET` passed the gate as an unknown path and then reached the operator's handler.
 */
export function contractRouter(): Router {
  return Router({ caseSensitive: true });
}
