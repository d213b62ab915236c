import { createRequire } from "node:module";
import * as OpenApiValidator from "express-openapi-validator";
import type { RequestHandler } from "express";
import { validationDocument, type ParsedDocument } from "./validation-document.js";

/** The generated service OpenAPI document: validation comes from the contract, not from hand-written checks. */
export const SERVICE_OPENAPI_PATH = createRequire(import.meta.url).resolve("@croupier/spec/service.openapi.yaml");

/**
 * An express-openapi-validator instance: the middleware that validates a request (and, when asked, its answer: the
 * handlers then wrap `res.json`, and a violation is passed to `next` as a 500).
 */
export interface OpenApiValidation {
  handlers: RequestHandler[];
}

/**
 * Validation against the contract by express-openapi-validator, used as its authors intend. `paths` and `ignorePaths`
 * give the wallet API's routes instances of their own, since an instance tries its routes in turn.
 */
export function openApiValidator(options: {
  document: ParsedDocument;
  validateResponses: boolean;
  paths?: readonly string[];
  ignorePaths?: (path: string) => boolean;
}): OpenApiValidation {
  const handlers = OpenApiValidator.middleware({
    apiSpec: validationDocument(options.document, options.paths ? { paths: options.paths } : {}) as never,
    validateRequests: { allowUnknownQueryParameters: true },
    validateResponses: options.validateResponses
      ? {
          onError: (error) => {
            throw error;
          },
        }
      : false,
    validateSecurity: false,
    // No operation of the contract takes multipart bodies: without this, a middleware that looks for one runs on every request.
    fileUploader: false,
    validateFormats: true,
    ignoreUndocumented: false,
    ...(options.ignorePaths ? { ignorePaths: options.ignorePaths } : {}),
  }) as unknown as RequestHandler[];
  return { handlers };
}
