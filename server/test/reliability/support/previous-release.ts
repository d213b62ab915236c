import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The checkout these tests run from: its node_modules trees are reused by the previous release's build. */
const CHECKOUT = fileURLToPath(new URL("../../../../", import.meta.url));

/** This process's environment without what vitest adds (NODE_ENV=test, VITEST*), which would change how a build runs. */
const BUILD_ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "NODE_ENV" && !name.startsWith("VITEST")));

/** A built earlier release in a temporary git worktree. */
export interface PreviousRelease {
  commit: string;
  /** Its `server/dist/main.js`, for ServiceProcess's `entry`. */
  entry: string;
  /** Removes the worktree and its directory (git worktree remove --force, then prune). */
  remove(): Promise<void>;
}

/**
 * Checks `commit` out in a detached worktree in a temporary directory and builds it with `npm run build`. Its
 * dependencies are this checkout's node_modules trees, copied, when both lockfiles are the same (nothing is downloaded);
 * otherwise `npm ci --prefer-offline`. The worktree is removed when any step fails.
 */
export async function buildPreviousRelease(commit: string): Promise<PreviousRelease> {
  const dir = mkdtempSync(join(tmpdir(), "croupier-previous-release-"));
  const tree = join(dir, "release");
  const remove = async () => {
    await step("git", ["worktree", "remove", "--force", tree], CHECKOUT).catch(() => undefined);
    await step("git", ["worktree", "prune"], CHECKOUT).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await ensureCommit(commit);
    await step("git", ["worktree", "add", "--detach", tree, commit], CHECKOUT);
    const resolved = (await step("git", ["rev-parse", "--short", "HEAD"], tree)).trim();
    if (readFileSync(join(tree, "package-lock.json"), "utf8") === readFileSync(join(CHECKOUT, "package-lock.json"), "utf8")) {
      for (const pkg of packagesWithNodeModules()) {
        if (existsSync(join(tree, pkg))) await step("cp", ["-a", join(CHECKOUT, pkg, "node_modules"), join(tree, pkg, "node_modules")], CHECKOUT);
      }
    } else {
      await step("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund"], tree);
    }
    await step("npm", ["run", "build"], tree);
    return { commit: resolved, entry: join(tree, "server", "dist", "main.js"), remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** Makes sure the checkout holds `commit`: a shallow clone (as some CI checkouts are) fetches the history it lacks from its origin. */
async function ensureCommit(commit: string): Promise<void> {
  const present = await step("git", ["cat-file", "-e", `${commit}^{commit}`], CHECKOUT).then(
    () => true,
    () => false,
  );
  if (present) return;
  const shallow = (await step("git", ["rev-parse", "--is-shallow-repository"], CHECKOUT)).trim() === "true";
  await step("git", shallow ? ["fetch", "--quiet", "--unshallow"] : ["fetch", "--quiet"], CHECKOUT);
}

/** The checkout's root (".") and each package directory of it that has a node_modules of its own. */
function packagesWithNodeModules(): string[] {
  const packages = readdirSync(CHECKOUT, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== "node_modules" && existsSync(join(CHECKOUT, e.name, "node_modules")))
    .map((e) => e.name);
  return [".", ...packages];
}

/** Runs one command; its failure names the command and ends with what it printed. */
async function step(command: string, args: string[], cwd: string): Promise<string> {
  try {
    return (await run(command, args, { cwd, env: BUILD_ENV, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(" ")} (in ${cwd}) failed: ${(error as Error).message}\n${`${stdout}\n${stderr}`.slice(-4000)}`, {
      cause: error,
    });
  }
}
