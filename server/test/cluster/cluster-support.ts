import { parseConfig } from "../../src/config/parse.js";
import { startServer, type RunningServer } from "../../src/server.js";
import { testConfigJson, testSecretKey } from "../harness.js";

/**
 * The test configuration on one PostgreSQL database; `overrides.database` adds to it (leaseSeconds: a test of
 * take-overs sets the shortest lease the schema allows).
 */
export function clusterConfigJson(url: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...testConfigJson(overrides), database: { url, poolSize: 4, ...(overrides.database as object | undefined) } };
}

/** Several service instances in this process, each with its own pool, caches and instance id, on one PostgreSQL database. */
export async function startInstances(count: number, url: string, overrides: Record<string, unknown> = {}, tag = "i"): Promise<RunningServer[]> {
  const json = clusterConfigJson(url, overrides);
  const instances: RunningServer[] = [];
  for (let i = 0; i < count; i++)
    instances.push(await startServer(parseConfig(json), { instanceId: `${tag}-${i + 1}`, validateResponses: true, secretKey: testSecretKey() }));
  return instances;
}

/** Stops every instance started, whatever state it is in. */
export async function stopAll(instances: readonly (RunningServer | undefined)[]): Promise<void> {
  await Promise.allSettled(instances.filter((instance) => instance !== undefined).map((instance) => instance.close()));
}
