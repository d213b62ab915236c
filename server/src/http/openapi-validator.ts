import { createRequire } from "node:module";
import * as OpenApiValidator from "express-openapi-validator";
import type { RequestHandler } from "express";
import { cacheOpenApiRouteMatchers } from "./openapi-route-cache.js";
import { loadValidationDocument } from "./validation-document.js";

/** The generated service OpenAPI document: validation comes from the contract, not from hand-written checks. */
export const SERVICE_OPENAPI_PATH = createRequire(import.meta.url).resolve("@croupier/spec/service.openapi.yaml");

/**
 * Request (and optionally response) validation against the contract. Security is checked by our own
 * signature middleware, so the validator's is off; unknown body fields and query parameters are ignored, as the contract documents.
 */
export function openApiValidator(options: { validateResponses: boolean }): RequestHandler[] {
  cacheOpenApiRouteMatchers();
  return OpenApiValidator.middleware({
    // The document as OperationSchemas reads it too: discriminated unions rewritten for clear messages.
    apiSpec: loadValidationDocument(SERVICE_OPENAPI_PATH) as never,
    validateRequests: { allowUnknownQueryParameters: true },
    validateResponses: options.validateResponses
      ? {
          onError: (error) => {
            throw error;
          },
        }
      : false,
    validateSecurity: false,
    validateFormats: true,
    ignoreUndocumented: false,
  }) as unknown as RequestHandler[];
}
