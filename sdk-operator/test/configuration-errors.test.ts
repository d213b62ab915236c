import { describe, expect, it } from "vitest";
import { createOperatorClient, createWalletCallbackHandler, CroupierConfigurationError, type OperatorClientOptions } from "../src/index.js";

const good: OperatorClientOptions = { baseUrl: "https://croupier.example/prefix", tenantId: "op-acme", secret: "s-1" };

/** What creating a client with `options` threw: its class, the option it names and its message. */
function refusal(options: unknown): { option: string; message: string } {
  try {
    createOperatorClient(options as OperatorClientOptions);
  } catch (error) {
    expect(error).toBeInstanceOf(CroupierConfigurationError);
    const { option, message, name } = error as CroupierConfigurationError;
    expect(name).toBe("CroupierConfigurationError");
    return { option, message };
  }
  throw new Error("createOperatorClient accepted the options");
}

describe("createOperatorClient checks its options when the client is created", () => {
  it.each([
    [{ ...good, secret: undefined }, "secret", /option secret is missing: pass the shared secret/],
    [{ ...good, secret: "" }, "secret", /option secret is empty/],
    [{ ...good, secret: "  " }, "secret", /option secret is only whitespace/],
    [{ ...good, secret: 42 }, "secret", /option secret is a number, not a string/],
    [{ ...good, tenantId: undefined }, "tenantId", /option tenantId is missing: pass your own tenant id/],
    [{ ...good, baseUrl: undefined }, "baseUrl", /option baseUrl is missing/],
    [
      { ...good, baseUrl: "croupier.example" },
      "baseUrl",
      /not an absolute URL: start it with https:\/\/ or http:\/\/, for example "https:\/\/croupier.example"/,
    ],
    [{ ...good, baseUrl: "localhost:3000" }, "baseUrl", /it has no http:\/\/ or https:\/\/ scheme; write for example "https:\/\/localhost:3000"/],
    [{ ...good, baseUrl: "ftp://croupier.example" }, "baseUrl", /its scheme is ftp/],
    [{ ...good, baseUrl: "https://croupier.example/?x=1" }, "baseUrl", /must not carry a query or fragment/],
    [{ ...good, baseUrl: "https://user:pw@croupier.example" }, "baseUrl", /must not carry a user name or password/],
    [{ ...good, timeoutMs: 0 }, "timeoutMs", /option timeoutMs is 0: it must be a number from 1 to 2147483647/],
    [{ ...good, timeoutMs: "5000" }, "timeoutMs", /option timeoutMs is "5000"/],
    [{ ...good, fetch: "fetch" }, "fetch", /option fetch is a string: pass a function/],
    [{ ...good, retry: true }, "retry", /option retry must be false or an object/],
    [{ ...good, retry: { maxAttempts: 0 } }, "retry.maxAttempts", /option retry.maxAttempts is 0: it must be an integer at least 1/],
    [{ ...good, retry: { maxDelayMs: -1 } }, "retry.maxDelayMs", /option retry.maxDelayMs is -1/],
    [undefined, "options", /options are missing/],
  ])("%j: throws naming %s", (options, option, message) => {
    const thrown = refusal(options);
    expect(thrown.option).toBe(option);
    expect(thrown.message).toMatch(/^createOperatorClient: /);
    expect(thrown.message).toMatch(message);
  });

  it("accepts every documented form: a path prefix, a trailing slash, http for a local service, retry false or {}", () => {
    for (const options of [
      good,
      { ...good, baseUrl: "https://croupier.example/" },
      { ...good, baseUrl: "http://127.0.0.1:8080", timeoutMs: 5000, retry: false as const },
      { ...good, retry: {}, fetch: globalThis.fetch },
    ]) {
      expect(() => createOperatorClient(options)).not.toThrow();
    }
  });
});

describe("createWalletCallbackHandler checks its options when the receiver is created", () => {
  const callbacks = { onTransaction: () => ({ status: "OK", balance: 0 }), onBalance: () => ({ balance: 0 }) };
  it.each([
    [{ tenantId: "op-acme", secrets: [process.env.CROUPIER_NO_SUCH_SECRET], ...callbacks }, "secrets[0]", /option secrets\[0\] is missing/],
    [{ tenantId: "op-acme", secrets: [], ...callbacks }, "secrets", /option secrets must be a non-empty array/],
    [{ tenantId: "op-acme", secret: "s-1", ...callbacks }, "secrets", /option secrets is missing: pass \[currentSecret\]/],
    [{ tenantId: "", secrets: ["s-1"], ...callbacks }, "tenantId", /option tenantId is empty/],
    [{ tenantId: "op-acme", secrets: ["s-1"], onTransaction: callbacks.onTransaction }, "onBalance", /option onBalance is missing: pass a function/],
    [{ tenantId: "op-acme", secrets: ["s-1"], toleranceSeconds: -5, ...callbacks }, "toleranceSeconds", /option toleranceSeconds is -5/],
  ])("%j: throws naming %s", (options, option, message) => {
    const create = () => createWalletCallbackHandler(options as unknown as Parameters<typeof createWalletCallbackHandler>[0]);
    expect(create).toThrow(CroupierConfigurationError);
    expect(create).toThrow(expect.objectContaining({ option, message: expect.stringMatching(message) }));
  });
});
