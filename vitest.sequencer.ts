import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Projects in the order their files are handed to the workers: those with the longest files first, the packages of short
 * files last, to fill the workers as the run ends. A project's files stay together, so a worker goes on to the project's
 * next file with its modules loaded (`isolate: false`).
 */
const PROJECT_ORDER = ["scripts", "conformance", "server"];

/**
 * The longest files (over 20 s each in a quiet run on 2 cores, several files at a time), started before their project's
 * other files: a run that starts one of them last ends on it while the other workers wait. Vitest orders a project's
 * files by their last durations when its cache (node_modules/.vite) has them, else by size; a fresh clone has none.
 */
const LONGEST = [
  "scripts/test/backoffice-browser.test.ts",
  "scripts/test/studio-browser.test.ts",
  "scripts/test/sandbox-process.test.ts",
  "conformance/test/fresh-clone.test.ts",
  "server/test/cluster/postgres-plans.test.ts",
  "server/test/cluster/cluster-takeover.test.ts",
  "server/test/admin-postgres.test.ts",
  "server/test/cluster/cluster-faults.test.ts",
  "server/test/admin-adjust-process.test.ts",
];

/** Vitest's order (each project's files, longest or largest first), with the projects and longest files above first. */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const rank = (list: string[], item: string) => (list.includes(item) ? list.indexOf(item) : list.length);
    const key = (spec: TestSpecification) => [
      rank(PROJECT_ORDER, spec.project.name),
      rank(LONGEST, relative(this.ctx.config.root, spec.moduleId).replaceAll("\\", "/")),
    ];
    return base
      .map((spec, index) => ({ spec, index, key: key(spec) }))
      .sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]! || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
