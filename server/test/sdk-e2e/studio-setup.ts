import { sendJson, startScriptedPeer, startTestServer, testConfigJson } from "../harness.js";

/**
 * The service with a studio that takes every grant but `p-refused`'s (503) and a wallet that is down (every
 * transaction recorded FAILED); both on loopback, which this deployment allows.
 */
export async function startStudioSetup() {
  const studio = await startScriptedPeer((req, res) =>
    req.json?.playerRef === "p-refused"
      ? sendJson(res, 503, { error: "maintenance" })
      : sendJson(res, 200, { externalRef: `ext-${req.json?.requestRef}` }),
  );
  const wallet = await startScriptedPeer((_req, res) => sendJson(res, 500, { error: "ledger unavailable" }));
  const server = await startTestServer({ ...testConfigJson({ webhook: studio.url, wallet: wallet.url }), allowPrivateCallbackAddresses: true });
  return {
    server,
    close: async () => {
      await server.close();
      await studio.close();
      await wallet.close();
    },
  };
}
