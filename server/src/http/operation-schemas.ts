import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { ValidationFinding } from "./error-handler.js";
import { loadValidationDocument } from "./validation-document.js";

/** A documented operation: a method and a path exactly as the OpenAPI document's `paths` key writes it. */
export interface OperationKey {
  method: "get" | "post";
  path: string;
}

interface OperationValidators {
  /** Validates `{ body }`, so findings read `body.amount ...` as express-openapi-validator's do. */
  request: ValidateFunction;
  /** By status, then by media type; empty unless the answers are checked. */
  responses: Map<string, Map<string, ValidateFunction>>;
}

const MAX_INT64 = 2 ** 63 - 1;

/**
 * The request and response schemas of some operations of an OpenAPI 3.1 document, compiled once with Ajv (JSON Schema
 * 2020-12), for a route served without Express. The options are express-openapi-validator's (non-strict, strict numbers,
 * defaults applied, first finding only, formats checked), and findings come out in its shape, so such a route refuses
 * the same bodies with the same messages as the routes it validates.
 */
export class OperationSchemas {
  private readonly operations = new Map<string, OperationValidators>();

  /** `checkResponses`: compile the answers' schemas too (tests); the service's start compiles only the requests'. */
  constructor(
    documentPath: string,
    keys: readonly OperationKey[],
    private readonly options: { checkResponses: boolean },
  ) {
    const document = loadValidationDocument(documentPath) as unknown as OpenApiDocument;
    const ajv = new Ajv2020({
      strict: false,
      strictNumbers: true,
      strictTuples: true,
      allowUnionTypes: false,
      validateSchema: false,
      useDefaults: true,
    });
    addFormats.default(ajv, { mode: "fast" });
    ajv.addFormat("int64", { type: "number", validate: (n: number) => Number.isInteger(n) && Math.abs(n) <= MAX_INT64 });
    ajv.addSchema(document as object, "doc");
    for (const key of keys) {
      const operation = document.paths[key.path]?.[key.method];
      if (!operation) throw new Error(`the OpenAPI document has no ${key.method.toUpperCase()} ${key.path}`);
      const pointer = `doc#/paths/${escapePointer(key.path)}/${key.method}`;
      const bodySchema = operation.requestBody?.content?.["application/json"]
        ? { $ref: `${pointer}/requestBody/content/application~1json/schema` }
        : {};
      const request = ajv.compile({
        type: "object",
        properties: { body: bodySchema },
        ...(operation.requestBody?.required ? { required: ["body"] } : {}),
      });
      const responses = new Map<string, Map<string, ValidateFunction>>();
      for (const [status, response] of options.checkResponses ? Object.entries(operation.responses ?? {}) : []) {
        const byType = new Map<string, ValidateFunction>();
        for (const mediaType of Object.keys(response.content ?? {})) {
          byType.set(mediaType, ajv.compile({ $ref: `${pointer}/responses/${status}/content/${escapePointer(mediaType)}/schema` }));
        }
        responses.set(status, byType);
      }
      this.operations.set(operationId(key), { request, responses });
    }
  }

  /** The findings of a request body against its operation's schema (defaults filled in), or undefined when it is valid. */
  checkRequestBody(key: OperationKey, body: unknown): ValidationFinding[] | undefined {
    const validate = this.validators(key).request;
    if (validate({ body })) return undefined;
    return (validate.errors ?? []).map(toFinding);
  }

  /**
   * What is wrong with an answer the service is about to send, or undefined when the document allows it: its status
   * must be documented, and its body must match that status's schema for its media type (`body` is JSON text for a
   * JSON type, the text itself otherwise).
   */
  checkResponse(key: OperationKey, status: number, contentType: string, body: string): string | undefined {
    if (!this.options.checkResponses) throw new Error("answers are checked only by OperationSchemas built with checkResponses");
    const { responses } = this.validators(key);
    const byType = responses.get(String(status)) ?? responses.get("default");
    if (!byType) return `no schema defined for status code '${status}' in the openapi spec`;
    const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
    const validate = byType.get(mediaType);
    if (!validate) return `no schema defined for ${mediaType} on status code '${status}'`;
    let value: unknown = body;
    if (mediaType === "application/json") {
      try {
        value = JSON.parse(body);
      } catch {
        return "the response body is not JSON";
      }
    }
    if (validate(value)) return undefined;
    return (validate.errors ?? []).map((e) => `response${e.instancePath} ${e.message ?? ""}`.trim()).join("; ");
  }

  private validators(key: OperationKey): OperationValidators {
    const validators = this.operations.get(operationId(key));
    if (!validators) throw new Error(`${key.method.toUpperCase()} ${key.path} was not compiled`);
    return validators;
  }
}

/** The minimal shape of the OpenAPI document read here. */
interface OpenApiDocument {
  paths: Record<
    string,
    Partial<
      Record<
        OperationKey["method"],
        { requestBody?: { required?: boolean; content?: Record<string, unknown> }; responses?: Record<string, { content?: Record<string, unknown> }> }
      >
    >
  >;
}

const operationId = (key: OperationKey) => `${key.method} ${key.path}`;

/** A JSON Pointer reference token (RFC 6901): `~` and `/` escaped. */
const escapePointer = (token: string) => token.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * An Ajv error in express-openapi-validator's shape: the path of a missing property names the property, and an enum
 * finding lists the allowed values.
 */
function toFinding(error: ErrorObject): ValidationFinding {
  const { missingProperty, allowedValues } = error.params as { missingProperty?: string; allowedValues?: unknown[] };
  const message = error.message ?? "is invalid";
  return {
    path: missingProperty === undefined ? error.instancePath : `${error.instancePath}/${missingProperty}`,
    message: error.keyword === "enum" && allowedValues ? `${message}: ${allowedValues.join(", ")}` : message,
  };
}
