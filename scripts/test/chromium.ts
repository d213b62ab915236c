import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

const CHROMIUM = "/usr/bin/chromium";
// Headless, and nothing of the browser's own goes out (updates, sync, first-run pages): only what a page asks for.
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Debian's Chromium through playwright-core, for the browser tests; no browser is ever downloaded. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (apt-get install chromium); .ci/run does`);
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
}
