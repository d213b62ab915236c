import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { cacheOpenApiRouteMatchers } from "./openapi-route-cache.js";
import { openApiValidator } from "./openapi-validator.js";

describe("cacheOpenApiRouteMatchers", () => {
  it("makes the validator's path-to-regexp compile each route once, with the same result as before", () => {
    const fromValidator = createRequire(createRequire(import.meta.url).resolve("express-openapi-validator"));
    const { pathToRegexp } = fromValidator("path-to-regexp") as { pathToRegexp: (p: string, o?: object) => { regexp: RegExp; keys: unknown[] } };
    const before = pathToRegexp("/v1/operator/free-spins/:grantId", { sensitive: false, strict: false });
    openApiValidator({ validateResponses: false });
    expect(cacheOpenApiRouteMatchers()).toBe(true);
    const patched = (fromValidator("path-to-regexp") as { pathToRegexp: typeof pathToRegexp }).pathToRegexp;
    expect(patched).not.toBe(pathToRegexp);
    const first = patched("/v1/operator/free-spins/:grantId", { sensitive: false, strict: false });
    expect(patched("/v1/operator/free-spins/:grantId", { sensitive: false, strict: false })).toBe(first);
    expect(first.regexp.source).toBe(before.regexp.source);
    expect(first.keys).toEqual(before.keys);
    expect(first.regexp.exec("/v1/operator/free-spins/abc")?.[1]).toBe("abc");
    // Other flags are other entries.
    expect(patched("/v1/operator/free-spins/:grantId", { sensitive: true, strict: false })).not.toBe(first);
  });
});
