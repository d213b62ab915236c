import { createServer } from "node:net";

/** Whether `port` on `host` can be listened on right now (0 asks the system for any free port). */
function probe(host: string, port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(undefined));
    server.listen(port, host, () => {
      const address = server.address();
      const chosen = typeof address === "object" && address ? address.port : undefined;
      server.close(() => resolve(chosen));
    });
  });
}

/**
 * The preferred port when it is free, otherwise a free one chosen by the system; 0 always means "any".
 * A concrete number comes back either way, because the sandbox writes every address into its config
 * before the pieces start. The tiny window between probing and listening is acceptable for a sandbox.
 */
export async function choosePort(host: string, preferred: number): Promise<number> {
  if (preferred !== 0) {
    const free = await probe(host, preferred);
    if (free !== undefined) return free;
  }
  const any = await probe(host, 0);
  if (any === undefined) throw new Error(`no free port on ${host}`);
  return any;
}
