import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * A clone of this repository alone must be readable: every relative link in every Markdown file resolves to a file
 * of the repository, and a `#anchor` to a heading of the file it points at. Nothing may lead outside the clone.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const skipped = new Set(["node_modules", "dist", "data", ".git", "tsp-output", ".bench", "coverage"]);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

/** The text outside fenced code blocks and inline code, where a `[x](y)` is a link. */
function proseOf(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** GitHub's heading anchors: lowercase, punctuation dropped, spaces to hyphens, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of markdown.replace(/^```[\s\S]*?^```/gm, "").split("\n")) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = (heading[1] ?? "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

const files = markdownFiles(root);

describe("Markdown links resolve inside the repository", () => {
  it("finds the READMEs and docs", () => {
    const names = files.map((file) => relative(root, file));
    expect(names).toEqual(expect.arrayContaining(["README.md", "docs/interface.md", "docs/decisions.md", "spec/README.md"]));
  });

  for (const file of files) {
    it(relative(root, file), () => {
      const prose = proseOf(readFileSync(file, "utf8"));
      const broken: string[] = [];
      for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        const target = match[1] ?? "";
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto: — not a file of ours
        const [pathPart = "", anchor] = target.split("#", 2);
        const linked = pathPart === "" ? file : resolve(dirname(file), decodeURIComponent(pathPart));
        if (!linked.startsWith(root + "/") && linked !== root) {
          broken.push(`${target}: leads outside the repository`);
          continue;
        }
        if (!existsSync(linked)) {
          broken.push(`${target}: no such file`);
          continue;
        }
        if (anchor && statSync(linked).isFile() && linked.endsWith(".md")) {
          if (!headingAnchors(readFileSync(linked, "utf8")).has(anchor)) broken.push(`${target}: no such heading`);
        }
      }
      expect(broken).toEqual([]);
    });
  }
});

describe("README.md is a front page", () => {
  it("stays at most 160 lines, and links each reader's guide under docs/", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    expect(readme.trimEnd().split("\n").length).toBeLessThanOrEqual(160);
    for (const guide of ["operators", "providers", "running", "back-office", "security", "architecture", "benchmarks"]) {
      expect(readme).toContain(`](docs/${guide}.md)`);
    }
  });
});

describe("headingAnchors", () => {
  it("follows GitHub's slugs", () => {
    const anchors = headingAnchors("# A. Title (x, y)\n## `code` and §3\n```\n# not a heading\n```\n## Dup\n## Dup\n");
    expect([...anchors]).toEqual(["a-title-x-y", "code-and-3", "dup", "dup-1"]);
  });
});
