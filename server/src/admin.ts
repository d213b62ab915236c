#!/usr/bin/env node
import { adjustCommand } from "./admin/adjust.js";
import { backofficeUserCommand } from "./admin/backoffice-user.js";
import { describeFailure } from "./cli-output.js";
import { runAdminCommand, type AdminCommand } from "./admin/command.js";
import { endSessionsCommand } from "./admin/end-sessions.js";
import { grantStatusCommand } from "./admin/grant-status.js";
import { issueGrantCommand } from "./admin/issue-grant.js";
import { problemsCommand } from "./admin/problems.js";

/**
 * `npm run admin -- <command> [args] --config FILE`: platform admin tools that work on the service's database
 * beside a running service. Each command lives in its own module under admin/; list it here.
 */
const COMMANDS: readonly AdminCommand[] = [
  issueGrantCommand,
  grantStatusCommand,
  endSessionsCommand,
  adjustCommand,
  problemsCommand,
  backofficeUserCommand,
];

runAdminCommand(COMMANDS, process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`admin: ${describeFailure(error)}\n`);
    process.exitCode = 1;
  },
);
