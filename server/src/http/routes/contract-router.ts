import { Router, type RequestHandler } from "express";
import type { OperationBody, OperationId, OperationPath, OperationQuery, OperationResult } from "../../domain/contract-operations.js";

/**
 * A router that matches paths in the letter case the contract writes them. Express matches case-insensitively by
 * default, while the role gate (`roleForPath`) reads the path as sent: with the default, a provider signature on
 * `/PORTAL/API/ROTATE-SECRET` passed the gate as an unknown path and then reached the operator's handler.
 */
export function contractRouter(): Router {
  return Router({ caseSensitive: true });
}

/**
 * A handler typed from the contract's operation: its path parameters, query, body and 200 answer. Written as
 * `(async (req, res) => …) satisfies ContractHandler<"listProblems">`, so a handler reads only what the contract
 * names and answers only what it promises.
 */
export type ContractHandler<Id extends OperationId> = RequestHandler<OperationPath<Id>, OperationResult<Id>, OperationBody<Id>, OperationQuery<Id>>;
