import { describe, expect, it } from "vitest";
import { createProviderClient, createWebhookHandler, CroupierConfigurationError, type ProviderClientOptions } from "../src/index.js";

const good: ProviderClientOptions = { baseUrl: "https://croupier.example", tenantId: "prov-star", secret: "s-1" };

describe("createProviderClient checks its options when the client is created", () => {
  it.each([
    [{ ...good, secret: undefined }, "secret", /^createProviderClient: option secret is missing: pass the shared secret/],
    [{ ...good, baseUrl: "croupier.example" }, "baseUrl", /^createProviderClient: option baseUrl is "croupier.example", not an absolute URL/],
    [{ ...good, tenantId: null }, "tenantId", /^createProviderClient: option tenantId is null, not a string/],
    [{ ...good, retry: { initialDelayMs: Number.NaN } }, "retry.initialDelayMs", /option retry.initialDelayMs is NaN: it must be a number from 0/],
  ])("%j: throws naming %s", (options, option, message) => {
    const create = () => createProviderClient(options as unknown as ProviderClientOptions);
    expect(create).toThrow(CroupierConfigurationError);
    expect(create).toThrow(expect.objectContaining({ option, message: expect.stringMatching(message) }));
  });

  it("accepts the documented options", () => {
    expect(() => createProviderClient({ ...good, baseUrl: "http://127.0.0.1:3000/croupier", retry: false, timeoutMs: 1 })).not.toThrow();
  });
});

describe("createWebhookHandler checks its options when the receiver is created", () => {
  it("names a missing onRevoke and a free-spin callback that is not a function", () => {
    const create = (options: object) => () => createWebhookHandler({ tenantId: "prov-star", secrets: ["s-1"], ...options } as never);
    expect(create({})).toThrow(
      expect.objectContaining({ option: "onRevoke", message: "createWebhookHandler: option onRevoke is missing: pass a function" }),
    );
    expect(create({ onRevoke: () => undefined, onGrant: {} })).toThrow(expect.objectContaining({ option: "onGrant" }));
    expect(create({ onRevoke: () => undefined })).not.toThrow();
  });
});
