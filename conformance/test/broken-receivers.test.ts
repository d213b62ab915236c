import { afterEach, describe, expect, it } from "vitest";
import { runProviderChecks } from "../src/index.js";
import { providerChecks } from "../src/provider/provider-checks.js";
import { startTestReceiver, type ReceiverDefects } from "./support/test-receiver.js";

/*
 * Proof that the provider checks can fail: one webhook receiver per defect, and the check that enforces the
 * broken rule (only it) fails. With no defect the same receiver passes every check.
 */
const PROVIDER = { providerId: "prov-broken", secret: "broken-secret" };
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function failingChecks(defects: ReceiverDefects) {
  const receiver = await startTestReceiver({ tenantId: PROVIDER.providerId, secret: PROVIDER.secret, defects });
  close = receiver.close;
  const report = await runProviderChecks({ url: receiver.url, ...PROVIDER });
  return { report, failed: report.results.filter((result) => result.status === "fail").map((result) => result.id) };
}

describe("the kit against deliberately broken webhook receivers", () => {
  it("passes the test receiver with no defect, every check run", async () => {
    const { report } = await failingChecks({});
    expect(report.summary).toEqual({ total: providerChecks.length, passed: providerChecks.length, failed: 0, skipped: 0 });
  });

  const cases: [string, ReceiverDefects, string][] = [
    ["accepts webhooks without signing headers", { acceptsUnsigned: true }, "S2"],
    ["never checks the timestamp's age", { ignoresTimestamp: true }, "S3"],
    ["does not check X-Tenant-ID", { ignoresTenant: true }, "S5"],
    ["has no replay protection", { noReplayProtection: true }, "S6"],
    ["verifies over re-serialized JSON instead of the raw body", { verifiesReserializedBody: true }, "S7"],
    ["grants a new batch for a repeated requestRef", { grantNotIdempotent: true }, "G2"],
    ["answers status without completed", { statusWithoutCompleted: true }, "T1"],
    ["answers cancel but keeps the spins playable", { cancelKeepsSpins: true }, "C1"],
    ["refuses a repeated cancel", { cancelNotIdempotent: true }, "C2"],
    ["answers 200 to a cancel of a batch it never granted", { cancelsUnknownBatches: true }, "C3"],
    ["refuses the revoke reason EXPIRED", { refusesExpiredReason: true }, "V1"],
    ["refuses a repeated revoke", { revokeNotIdempotent: true }, "V2"],
  ];
  for (const [defect, defects, check] of cases) {
    it(`a receiver that ${defect} fails ${check}, and only it`, async () => {
      const { failed } = await failingChecks(defects);
      expect(failed).toEqual([check]);
    });
  }
});
