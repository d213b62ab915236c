import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * What `npm pack` would publish of each public package: a user could publish these tarballs as they are, with a
 * licence, a changelog, the built ESM + CJS + types, the examples the README points at, and no sources or tests.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const PUBLISHED = ["sdk-operator", "sdk-provider", "conformance"];
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?$/;

function packedFiles(folder: string): string[] {
  // --ignore-scripts: the build already ran (npm test builds first); prepack is checked as a field below.
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: join(root, folder), encoding: "utf8" });
  const [report] = JSON.parse(out) as { files: { path: string }[] }[];
  return report!.files.map((f) => f.path).sort();
}

describe("published packages", () => {
  for (const folder of PUBLISHED) {
    it(`${folder}: the tarball holds dist, README, CHANGELOG, LICENSE (and examples, the kit's bin), nothing else; package.json is complete`, () => {
      const pkg = JSON.parse(readFileSync(join(root, folder, "package.json"), "utf8")) as Record<string, any>;
      expect(pkg.private).toBeUndefined();
      expect(pkg.version).toMatch(SEMVER);
      expect(pkg.license).toBe("MIT");
      expect(pkg.repository).toMatchObject({ type: "git", url: expect.stringMatching(/^git\+https:\/\//), directory: folder });
      expect(pkg.homepage).toMatch(/^https:\/\//);
      expect(pkg.engines?.node).toMatch(/^>=20/);
      expect(pkg.keywords?.length).toBeGreaterThan(2);
      expect(pkg.scripts?.prepack).toBe("npm run build");
      expect(pkg.publishConfig?.access).toBe("public");
      // Nothing but openapi-fetch at run time: signing and the generated types are bundled.
      expect(Object.keys(pkg.dependencies ?? {}).filter((name) => name !== "openapi-fetch")).toEqual([]);

      const files = packedFiles(folder);
      for (const required of [
        "LICENSE",
        "README.md",
        "CHANGELOG.md",
        "package.json",
        "dist/index.js",
        "dist/index.cjs",
        "dist/index.d.ts",
        "dist/index.d.cts",
      ]) {
        expect(files, required).toContain(required);
      }
      // bin/: the kit's command, a committed file that loads dist/ (conformance/bin/croupier-conformance.js says why).
      const allowed = /^(LICENSE|README\.md|CHANGELOG\.md|package\.json|dist\/.+|examples\/.+|bin\/croupier-conformance\.js)$/;
      expect(files.filter((f) => !allowed.test(f))).toEqual([]);
      expect(files.filter((f) => /\.test\.|^src\/|^test\//.test(f))).toEqual([]);
      expect(readFileSync(join(root, folder, "LICENSE"), "utf8")).toBe(readFileSync(join(root, "LICENSE"), "utf8"));
      expect(readFileSync(join(root, folder, "CHANGELOG.md"), "utf8")).toMatch(new RegExp(`^## ${pkg.version.replace(/\./g, "\\.")}$`, "m"));
    });
  }

  it("every other workspace is private, so a release publishes only these", () => {
    const workspaces = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { workspaces: string[] }).workspaces;
    const publics = workspaces.filter((w) => !(JSON.parse(readFileSync(join(root, w, "package.json"), "utf8")) as { private?: boolean }).private);
    expect(publics.sort()).toEqual([...PUBLISHED].sort());
  });
});
