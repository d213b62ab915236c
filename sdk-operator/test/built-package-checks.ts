import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/** A client factory of the package and one call to make with it, e.g. `createOperatorClient` and `listGames()`. */
export interface BuiltPackageProbe {
  factory: string;
  call: string;
}

/*
 * Checks what npm would publish (dist/, built by `npm test`'s pretest): both module systems load,
 * export the same names, create a client and send a signed call through it (a build whose client
 * factory crashes would still export the right names), and nothing refers to the unpublished
 * @croupier/signing workspace. server/test/sdk-e2e/packed-tarballs.test.ts does the same from the tarballs.
 */
export function checkBuiltPackage(name: string, packageDir: URL, probe: BuiltPackageProbe) {
  describe(`built ${name}`, () => {
    const load = (code: string, ...flags: string[]) =>
      execFileSync(process.execPath, [...flags, "-e", code], { cwd: fileURLToPath(packageDir), encoding: "utf8" });
    // The stand-in fetch answers with what reached it, so the output shows the call was made and signed.
    const callWith = (sdk: string) => `
      const client = ${sdk}.${probe.factory}({ baseUrl: "http://127.0.0.1:9", tenantId: "t-1", secret: "s", retry: false,
        fetch: async (request) => Response.json({ path: new URL(request.url).pathname, signedBy: request.headers.get("x-tenant-id"),
          signature: /^[0-9a-f]{64}$/.test(request.headers.get("x-signature") ?? "") }) });
      client.${probe.call}.then((result) => console.log(JSON.stringify({ data: result.data, error: result.error?.message })));`;

    it("loads with require and import, with the same exports", () => {
      const cjs = load(`console.log(Object.keys(require(${JSON.stringify(name)})).sort().join())`);
      const esm = load(`import(${JSON.stringify(name)}).then((m) => console.log(Object.keys(m).sort().join()))`, "--input-type=module");
      expect(cjs.trim().length).toBeGreaterThan(0);
      expect(esm).toBe(cjs);
    });

    it(`creates a client and makes a signed ${probe.call} call with require and with import`, () => {
      const cjs = load(`const sdk = require(${JSON.stringify(name)});${callWith("sdk")}`);
      const esm = load(`import * as sdk from ${JSON.stringify(name)};${callWith("sdk")}`, "--input-type=module");
      const answer = JSON.parse(cjs) as { data?: { signedBy?: string; signature?: boolean }; error?: string };
      expect(answer.error).toBeUndefined();
      expect(answer.data).toMatchObject({ signedBy: "t-1", signature: true });
      expect(esm).toBe(cjs);
    });

    it("bundles the signing code and types instead of importing them", () => {
      const dist = new URL("dist/", packageDir);
      for (const file of readdirSync(dist).filter((f) => /\.(c?js|d\.c?ts)$/.test(f))) {
        expect(readFileSync(new URL(file, dist), "utf8"), file).not.toContain("@croupier/signing");
      }
    });

    it("depends at runtime on openapi-fetch only", () => {
      const pkg = JSON.parse(readFileSync(new URL("package.json", packageDir), "utf8")) as { dependencies: Record<string, string> };
      expect(Object.keys(pkg.dependencies)).toEqual(["openapi-fetch"]);
    });
  });
}
