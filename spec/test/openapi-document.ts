import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

/** The three committed documents, by their stable file names under spec/openapi/. */
export type DocumentName = "service" | "operator-wallet" | "provider-webhooks";

/** The parts of an OpenAPI 3.1 document the contract tests read; everything else stays `unknown`. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; license?: { name: string; url?: string }; contact?: { name?: string; url?: string } };
  paths: Record<string, Record<string, Operation>>;
  security?: SecurityRequirement[];
  components: { schemas: Record<string, Schema>; securitySchemes?: Record<string, SecurityScheme> };
}

/** One operation (the value under a path's method key). */
export interface Operation {
  operationId?: string;
  summary?: string;
  security?: SecurityRequirement[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Response>;
}

/** One response of an operation. */
export interface Response {
  description: string;
  headers?: Record<string, { required?: boolean; schema: Schema }>;
  content?: Record<string, { schema: Schema }>;
}

/** A path or query parameter. */
export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: Schema;
}

/** A security requirement: scheme name → scopes. */
export type SecurityRequirement = Record<string, string[]>;

/** A security scheme (the signing headers are `apiKey` schemes in the header). */
export interface SecurityScheme {
  type: string;
  in?: string;
  name?: string;
}

/** A JSON Schema node as the emitter writes it. */
export interface Schema {
  $ref?: string;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  type?: string;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: unknown;
}

/** The HTTP methods an OpenAPI path item can hold. */
export const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/** Absolute path of a committed document. */
export function documentPath(name: DocumentName): string {
  return fileURLToPath(new URL(`../openapi/${name}.openapi.yaml`, import.meta.url));
}

/** Reads and parses a committed document (the generated YAML, never the TypeSpec). */
export function loadDocument(name: DocumentName): OpenApiDocument {
  return parse(readFileSync(documentPath(name), "utf8")) as OpenApiDocument;
}

/**
 * Follows `$ref`s and folds `allOf` parts into one schema, so a test sees the constraints a
 * validator would apply to a property, whether the emitter inlined them or referenced a scalar.
 */
export function resolveSchema(document: OpenApiDocument, schema: Schema): Schema {
  if (schema.$ref !== undefined) {
    const name = schema.$ref.replace("#/components/schemas/", "");
    const target = document.components.schemas[name];
    if (target === undefined) throw new Error(`unresolved $ref ${schema.$ref}`);
    const { $ref: _ref, ...rest } = schema;
    return { ...resolveSchema(document, target), ...rest };
  }
  if (schema.allOf !== undefined) {
    const { allOf, ...rest } = schema;
    return Object.assign({}, ...allOf.map((part) => resolveSchema(document, part)), rest) as Schema;
  }
  return schema;
}

/** Every operation of a document with its method and path. */
export function operationsOf(document: OpenApiDocument): { method: string; path: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method] !== undefined).map((method) => ({
      method: method.toUpperCase(),
      path,
      operation: item[method] as Operation,
    })),
  );
}
