import { randomBytes } from "node:crypto";
import { ApiError } from "../domain/errors.js";
import { USAGE_EXIT_CODE, type AdminCommand } from "./command.js";
import { optionText } from "./options.js";

const USAGE =
  "backoffice-user add --username NAME (--operator ID | --provider ID | --platform) --role viewer|manager [--password-stdin]" +
  " | backoffice-user list | backoffice-user remove --username NAME";

/** Reads the password from standard input: its first line, without the line break. */
async function readPassword(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
}

/**
 * `backoffice-user`: the web back office's accounts. `add` creates one for an operator (`--operator`), a game studio
 * (`--provider`) or the platform (`--platform`) with a role; the password comes from stdin with `--password-stdin`, otherwise one is generated and
 * printed once. `list` prints the accounts as JSON lines; `remove` deletes one and ends its sessions at once.
 */
export const backofficeUserCommand: AdminCommand = {
  name: "backoffice-user",
  usage: USAGE,
  summary: "add, list or remove web back-office accounts",
  options: {
    username: { type: "string" },
    operator: { type: "string" },
    provider: { type: "string" },
    platform: { type: "boolean" },
    role: { type: "string" },
    "password-stdin": { type: "boolean" },
  },
  async run({ keyless, args, options, out, err }) {
    const usage = (mistake: string) => {
      err(`admin backoffice-user: ${mistake}\nUsage: npm run admin -- ${USAGE} --config FILE`);
      return USAGE_EXIT_CODE;
    };
    const accounts = keyless.backoffice;
    const [action, ...extra] = args;
    if (extra.length > 0) return usage(`unexpected argument "${extra[0]}"`);
    const username = optionText(options, "username");
    if (action === "list") {
      for (const account of await accounts.listUsers()) out(JSON.stringify(account));
      return 0;
    }
    if (action === "remove") {
      if (username === undefined) return usage("--username required");
      if (!(await accounts.removeUser(username))) {
        err(`admin backoffice-user: no account "${username}"`);
        return 1;
      }
      out(JSON.stringify({ removed: username }));
      return 0;
    }
    if (action !== "add") return usage(action === undefined ? "add, list or remove?" : `unknown action "${action}"`);
    const operatorId = optionText(options, "operator");
    const providerId = optionText(options, "provider");
    const role = optionText(options, "role");
    if (username === undefined || role === undefined) return usage("--username and --role required");
    if ([operatorId !== undefined, providerId !== undefined, options.platform === true].filter(Boolean).length !== 1) {
      return usage("exactly one of --operator ID, --provider ID and --platform");
    }
    const generated = options["password-stdin"] === true ? undefined : randomBytes(18).toString("base64url");
    const password = generated ?? (await readPassword());
    try {
      const account = await accounts.addUser({ username, operatorId: operatorId ?? null, providerId: providerId ?? null, role, password });
      out(JSON.stringify({ ...account, ...(generated === undefined ? {} : { password: generated }) }));
      return 0;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      err(`admin backoffice-user: ${error.message}`);
      return 1;
    }
  },
};
