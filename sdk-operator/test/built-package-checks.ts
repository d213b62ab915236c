import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * Checks what npm would publish (dist/, built by `npm test`'s pretest): both module systems load,
 * export the same names, and nothing refers to the unpublished @croupier/signing workspace.
 */
export function checkBuiltPackage(name: string, packageDir: URL) {
  describe(`built ${name}`, () => {
    const load = (code: string, ...flags: string[]) => execFileSync(process.execPath, [...flags, "-e", code], { cwd: fileURLToPath(packageDir), encoding: "utf8" });

    it("loads with require and import, with the same exports", () => {
      const cjs = load(`console.log(Object.keys(require(${JSON.stringify(name)})).sort().join())`);
      const esm = load(`import(${JSON.stringify(name)}).then((m) => console.log(Object.keys(m).sort().join()))`, "--input-type=module");
      expect(cjs.trim().length).toBeGreaterThan(0);
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
