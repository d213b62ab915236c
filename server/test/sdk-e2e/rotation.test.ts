import { createOperatorClient } from "@croupier/sdk-operator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rotateAfterLeak } from "../../../sdk-operator/examples/operator-calls.js";
import { OPERATOR } from "../harness.js";
import { launchAndVerify, startDeployment, type Deployment } from "./support/deployment.js";
import { startSdkWallet, type SdkWallet } from "./support/sdk-wallet.js";

/**
 * Key rotation end to end: the operator rotates through the SDK, the client switches itself, the server signs
 * wallet callbacks with the new secret, an SDK wallet holding [new, old] keeps working and one holding only
 * the old secret refuses.
 */
describe("SDK end to end: secret rotation", () => {
  let d: Deployment;
  let oldSecretOnly: SdkWallet;

  beforeAll(async () => {
    // The portal refuses loopback callback URLs unless the deployment allows private addresses.
    d = await startDeployment((json) => void (json.allowPrivateCallbackAddresses = true));
    oldSecretOnly = await startSdkWallet({ tenantId: OPERATOR.id, secrets: [OPERATOR.secret], balances: { "p-alice": 10_000 } });
  });
  afterAll(async () => {
    await d?.close();
    await oldSecretOnly?.close();
  });

  it("rotates, keeps calling, and the callbacks are signed with the new secret", async () => {
    const before = await launchAndVerify(d, "p-alice");
    expect((await d.provider.bet({ ...before.common, roundId: "pre", transactionId: "pre-bet", amount: 100 })).data?.status).toBe("OK");

    const rotated = await d.operator.rotateSecret();
    expect(rotated.error).toBeUndefined();
    const newSecret = rotated.data!.secret;
    expect(newSecret).not.toBe(OPERATOR.secret);
    expect(Date.parse(rotated.data!.previousSecretValidUntil)).toBeGreaterThan(Date.now());

    // The same client object now signs with the new secret, by itself.
    const games = await d.operator.listGames();
    expect(games.error).toBeUndefined();
    const onlyNew = createOperatorClient({ baseUrl: d.server.url, tenantId: OPERATOR.id, secret: newSecret });
    expect((await onlyNew.listGames()).error).toBeUndefined();
    // The old secret keeps working during the grace period.
    const onlyOld = createOperatorClient({ baseUrl: d.server.url, tenantId: OPERATOR.id, secret: OPERATOR.secret });
    expect((await onlyOld.listGames()).error).toBeUndefined();

    // A wallet that holds both secrets keeps accepting the callbacks.
    d.wallet.useSecrets([newSecret, OPERATOR.secret]);
    const after = await launchAndVerify(d, "p-alice");
    const win = await d.provider.win({ ...after.common, roundId: "pre", transactionId: "pre-win", amount: 300, roundComplete: true });
    expect(win.data).toEqual({ status: "OK", balance: 10_000 - 100 + 300 });
    expect((await d.provider.balance(after.common.sessionToken)).data?.balance).toBe(10_200);

    // Point the callbacks (through the SDK, signed with the new secret) at a wallet that only knows the old secret.
    const moved = await d.operator.setCallbackUrl(oldSecretOnly.url);
    expect(moved.error).toBeUndefined();
    expect(moved.data?.callbackUrl).toBe(oldSecretOnly.url);
    const refusedBet = await d.provider.bet({ ...after.common, roundId: "post", transactionId: "post-bet", amount: 100 });
    expect(refusedBet.error?.status).toBe(500); // the wallet refused, so the platform could not apply it
    expect(oldSecretOnly.answers.length).toBeGreaterThan(0);
    expect(oldSecretOnly.answers.every((status) => status === 401)).toBe(true);
    expect(oldSecretOnly.calls).toHaveLength(0);
    expect((await d.provider.balance(after.common.sessionToken)).error?.status).toBe(500);

    // Back to the wallet holding [new, old]: the next round settles.
    expect((await d.operator.setCallbackUrl(d.wallet.url)).error).toBeUndefined();
    const bet = await d.provider.bet({ ...after.common, roundId: "post-2", transactionId: "post-2-bet", amount: 200 });
    expect(bet.data).toEqual({ status: "OK", balance: 10_000 });
    // A wallet holding only the new secret accepts too: the platform signs with the new one.
    d.wallet.useSecrets([newSecret]);
    expect((await d.provider.balance(after.common.sessionToken)).data?.balance).toBe(10_000);
  });

  it("the previous secret cannot use the portal (403), and revokePreviousSecret ends its grace at once (README example)", async () => {
    // The secret about to become the previous one is known to the test (and, in the story, leaked).
    const first = await d.operator.rotateSecret();
    expect(first.error).toBeUndefined();
    const holder = createOperatorClient({ baseUrl: d.server.url, tenantId: OPERATOR.id, secret: first.data!.secret });
    const leaked = createOperatorClient({ baseUrl: d.server.url, tenantId: OPERATOR.id, secret: first.data!.secret });
    const rotated = await holder.rotateSecret();
    expect(rotated.error).toBeUndefined();
    // Inside the grace period the leaked secret still makes ordinary calls, but cannot take the tenant back.
    expect((await leaked.listGames()).error).toBeUndefined();
    const rotateBack = await leaked.rotateSecret();
    expect(rotateBack.error?.status).toBe(403);
    expect(rotateBack.error?.message).toBe("current secret required");
    expect((await leaked.setCallbackUrl("https://attacker.example/wallet")).error?.status).toBe(403);
    expect((await leaked.revokePreviousSecret()).error?.status).toBe(403);

    const revoked = await holder.revokePreviousSecret();
    expect(revoked.error).toBeUndefined();
    expect(revoked.data).toEqual({ previousSecretValidUntil: null });
    expect((await leaked.listGames()).error?.status).toBe(401);
    expect((await holder.listGames()).error).toBeUndefined();

    // The README's example: rotate, then revoke; only the returned secret verifies.
    const before = createOperatorClient({ baseUrl: d.server.url, tenantId: OPERATOR.id, secret: rotated.data!.secret });
    const fresh = await rotateAfterLeak(holder);
    expect((await before.listGames()).error?.status).toBe(401);
    const after = createOperatorClient({ baseUrl: d.server.url, tenantId: OPERATOR.id, secret: fresh });
    expect((await after.listGames()).error).toBeUndefined();
  });
});
