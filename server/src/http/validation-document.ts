import { readFileSync } from "node:fs";
import { parse } from "yaml";

type Schema = Record<string, unknown>;

/** An OpenAPI document as parsed from its file, before {@link validationDocument} rewrites a copy of it. */
export type ParsedDocument = Readonly<Schema>;

const parsedDocuments = new Map<string, ParsedDocument>();

/** Reads and parses an OpenAPI document once per process; callers never change it ({@link validationDocument} copies it). */
export function readOpenApiDocument(path: string): ParsedDocument {
  let parsed = parsedDocuments.get(path);
  if (parsed === undefined) {
    parsed = parse(readFileSync(path, "utf8")) as ParsedDocument;
    parsedDocuments.set(path, parsed);
  }
  return parsed;
}

/**
 * The service's OpenAPI document as the validator reads it (only `paths` when given), with each discriminated `oneOf`
 * rewritten so a bad body hears only what is wrong with the form it chose.
 */
export function validationDocument(parsed: ParsedDocument, options: { paths?: readonly string[] } = {}): Schema {
  const document = structuredClone(parsed) as Schema;
  if (options.paths) {
    document.paths = onlyPaths(document.paths as Schema, options.paths);
    const components = (document.components ?? {}) as Record<string, Schema>;
    document.components = { ...reachableComponents(document.paths, components), securitySchemes: components.securitySchemes ?? {} };
  }
  const schemas = ((document.components as Schema | undefined)?.schemas ?? {}) as Record<string, Schema>;
  for (const [name, schema] of Object.entries(schemas)) schemas[name] = withoutDiscriminator(schema);
  return document;
}

function withoutDiscriminator(schema: Schema): Schema {
  const discriminator = schema.discriminator as { propertyName: string; mapping?: Record<string, string> } | undefined;
  if (!discriminator || !Array.isArray(schema.oneOf)) return schema;
  const { propertyName, mapping } = discriminator;
  if (!mapping) throw new Error(`a discriminator without a mapping (on ${propertyName}) is not supported`);
  const { oneOf: _oneOf, discriminator: _discriminator, ...rest } = schema;
  return {
    ...rest,
    type: "object",
    required: [propertyName],
    properties: { [propertyName]: { enum: Object.keys(mapping) } },
    allOf: Object.entries(mapping).map(([value, $ref]) => ({ if: { properties: { [propertyName]: { const: value } } }, then: { $ref } })),
  };
}

function onlyPaths(paths: Schema, keep: readonly string[]): Schema {
  const kept: Schema = {};
  for (const path of keep) {
    if (!(path in paths)) throw new Error(`the OpenAPI document has no path ${path}`);
    kept[path] = paths[path];
  }
  return kept;
}

const COMPONENT_REF = /^#\/components\/([^/]+)\/([^/]+)$/;

/**
 * The components a value refers to, directly or through other components: by `$ref` or by a discriminator's mapping,
 * both a `#/components/<kind>/<name>` string.
 */
function reachableComponents(from: unknown, components: Record<string, Schema>): Record<string, Schema> {
  const kept: Record<string, Schema> = {};
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== "object" || value === null) return;
    for (const member of Object.values(value)) {
      const ref = typeof member === "string" ? COMPONENT_REF.exec(member) : null;
      if (ref === null) {
        visit(member);
        continue;
      }
      const [, kind = "", name = ""] = ref;
      const target = components[kind]?.[name];
      if (target === undefined || kept[kind]?.[name] !== undefined) continue;
      (kept[kind] ??= {})[name] = target;
      visit(target);
    }
  };
  visit(from);
  return kept;
}
