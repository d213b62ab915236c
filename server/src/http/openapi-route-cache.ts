import { createRequire } from "node:module";

interface CompiledPath {
  regexp: RegExp;
  keys: unknown[];
}
type PathToRegexp = (path: string, options?: { sensitive?: boolean; strict?: boolean; end?: boolean; delimiter?: string }) => CompiledPath;

let installed = false;

/**
 * express-openapi-validator (5.6) finds a request's operation by compiling every documented route with
 * path-to-regexp, on every request (upstream: cdimascio/express-openapi-validator#1217, "perf: cache route
 * matchers", open). That was about a tenth of the service's CPU on the money path. The function is pure and its
 * regular expressions are stateless (no `g` or `y` flag), so the validator's copy of it is memoised here, once per
 * process, until the upstream fix lands. Returns false when the validator no longer resolves it the way it did,
 * so a test notices instead of the cache silently doing nothing.
 */
export function cacheOpenApiRouteMatchers(): boolean {
  if (installed) return true;
  const fromValidator = createRequire(createRequire(import.meta.url).resolve("express-openapi-validator"));
  const module = fromValidator("path-to-regexp") as { pathToRegexp?: PathToRegexp };
  const original = module.pathToRegexp;
  if (typeof original !== "function") return false;
  const cache = new Map<string, CompiledPath>();
  module.pathToRegexp = (path, options) => {
    // Only the plain calls the validator makes (a string path, routing flags) are cached; anything else passes.
    if (typeof path !== "string" || (options && (options.end !== undefined || options.delimiter !== undefined))) {
      return original(path, options);
    }
    const key = `${options?.sensitive ? 1 : 0}${options?.strict ? 1 : 0}${path}`;
    let compiled = cache.get(key);
    if (!compiled) {
      compiled = original(path, options);
      if (compiled.regexp.global || compiled.regexp.sticky) return compiled;
      cache.set(key, compiled);
    }
    return compiled;
  };
  installed = true;
  return true;
}
