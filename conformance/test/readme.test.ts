import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { providerChecks } from "../src/provider/provider-checks.js";
import { walletChecks } from "../src/wallet/run-wallet-checks.js";

/* The README documents the code: every check with its title, money flag and rule, and the vitest example verbatim. */
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

describe("conformance/README.md", () => {
  it("lists every check with its title, whether it moves money, and its rule", () => {
    const section = (heading: string) => readme.slice(readme.indexOf(heading), readme.indexOf("\n## ", readme.indexOf(heading) + 1));
    for (const [heading, checks] of [
      ["## Wallet checks", walletChecks],
      ["## Provider webhook checks", providerChecks],
    ] as const) {
      const rows = section(heading)
        .split("\n")
        .filter((line) => /^\| [A-Z]\d /.test(line));
      expect(rows).toEqual(checks.map((check) => `| ${check.id} | ${check.title} | ${check.movesMoney ? "yes" : ""} | ${check.rule} |`));
    }
  });

  it("shows the vitest example exactly as the file the tests run", () => {
    const example = readFileSync(new URL("../examples/wallet-conformance.spec.ts", import.meta.url), "utf8");
    expect(readme).toContain("```ts\n" + example);
  });
});
