import { describe, expect, it } from "vitest";
import { createOperatorClient } from "../src/index.js";
import { json, recordingFetch } from "./recording-fetch.js";

/*
 * Type-level test: the root `npx tsc -p tsconfig.json` fails if any @ts-expect-error below stops being
 * an error, i.e. if the raw client ever accepts a path or body the contract does not have.
 */
describe("raw client types", () => {
  it("accepts the contract's paths and bodies and refuses others at compile time", async () => {
    const { seen, fetch } = recordingFetch(() => json(200, { revokedCount: 0 }));
    const client = createOperatorClient({ baseUrl: "http://svc", tenantId: "op-acme", secret: "s", fetch });

    const ok = await client.raw.POST("/v1/operator/players/kick", { body: { playerRef: "p-1" } });
    // The success body is typed from the contract.
    const revoked: number | undefined = ok.data?.revokedCount;
    expect(revoked).toBe(0);

    // @ts-expect-error: no such path in the contract
    await client.raw.POST("/v1/operator/players/kik", { body: { playerRef: "p-1" } });
    // @ts-expect-error: wrong body (playerRef is required, a number is not a player reference)
    await client.raw.POST("/v1/operator/players/kick", { body: { player: 1 } });
    // @ts-expect-error: GET is not a method of this path
    await client.raw.GET("/v1/operator/players/kick");
    // @ts-expect-error: launch needs currency and mode
    await client.launchGame({ playerRef: "p-1", gameId: "starfall" });

    expect(seen).toHaveLength(5);
  });
});
