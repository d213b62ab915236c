import type { OpenApiSchema } from "./openapi-types.js";
import { anchor, descriptionHtml, escapeHtml } from "./text.js";

/** The id of a component schema's section on its document's page. */
export function schemaAnchor(documentKey: string, name: string): string {
  return anchor(documentKey, "schema", name);
}

const refName = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);
const code = (value: unknown) => `<code>${escapeHtml(JSON.stringify(value))}</code>`;

/** A schema's type as one line: component schemas linked, unions joined with `|`. */
export function typeHtml(schema: OpenApiSchema | undefined, documentKey: string): string {
  if (!schema) return "any";
  if (schema.$ref) return `<a href="#${schemaAnchor(documentKey, refName(schema.$ref))}">${escapeHtml(refName(schema.$ref))}</a>`;
  if (schema.allOf) return schema.allOf.map((part) => typeHtml(part, documentKey)).join(" &amp; ");
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((part) => typeHtml(part, documentKey)).join(" | ");
  if (schema.const !== undefined) return code(schema.const);
  if (schema.enum) return schema.enum.map(code).join(" | ");
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return schema.properties ? "object" : "any";
  return types
    .map((type) => {
      if (type === "array") return `array of ${typeHtml(schema.items, documentKey)}`;
      if (type === "object" && typeof schema.additionalProperties === "object" && !schema.properties) {
        return `map of ${typeHtml(schema.additionalProperties, documentKey)}`;
      }
      return schema.format ? `${type} (${escapeHtml(schema.format)})` : type;
    })
    .join(" | ");
}

/** The limits a schema states, as short phrases. */
export function constraintsHtml(schema: OpenApiSchema): string {
  const parts: string[] = [];
  if (schema.minimum !== undefined) parts.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) parts.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined) parts.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    parts.push(`${schema.minLength ?? 0} to ${schema.maxLength ?? "any number of"} characters`);
  }
  if (schema.minItems !== undefined || schema.maxItems !== undefined)
    parts.push(`${schema.minItems ?? 0} to ${schema.maxItems ?? "any number of"} items`);
  if (schema.pattern !== undefined) parts.push(`pattern <code>${escapeHtml(schema.pattern)}</code>`);
  if (typeof schema["x-max-serialized-bytes"] === "number") parts.push(`at most ${schema["x-max-serialized-bytes"]} bytes serialized`);
  if (typeof schema["x-max-depth"] === "number") parts.push(`nested at most ${schema["x-max-depth"]} deep`);
  if (schema.default !== undefined) parts.push(`default ${code(schema.default)}`);
  return parts.length === 0 ? "" : `<p class="limits">${parts.join("; ")}</p>`;
}

/** The properties an object schema lists directly or through inline `allOf` parts (referenced parts are linked instead). */
function ownProperties(schema: OpenApiSchema): { properties: Record<string, OpenApiSchema>; required: string[] } {
  const parts = [schema, ...(schema.allOf ?? []).filter((part) => !part.$ref)];
  return {
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})) as Record<string, OpenApiSchema>,
    required: parts.flatMap((part) => part.required ?? []),
  };
}

/** A schema in full: its type, its properties as a table (inline objects nested), its limits and its example. */
export function schemaHtml(schema: OpenApiSchema, documentKey: string): string {
  const { properties, required } = ownProperties(schema);
  const names = Object.keys(properties);
  const rows = names.map((name) => {
    const property = properties[name] as OpenApiSchema;
    const nested = !property.$ref && ownProperties(property).properties;
    return (
      `<tr><td><code>${escapeHtml(name)}</code>${required.includes(name) ? ' <span class="required">required</span>' : ""}</td>` +
      `<td>${typeHtml(property, documentKey)}</td>` +
      `<td>${descriptionHtml(property.description)}${constraintsHtml(property)}` +
      `${nested && Object.keys(nested).length > 0 ? schemaHtml(property, documentKey) : ""}</td></tr>`
    );
  });
  const table =
    rows.length === 0
      ? ""
      : `<table class="properties"><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
  const type = names.length > 0 && !schema.allOf?.some((part) => part.$ref) ? "" : `<p class="type">${typeHtml(schema, documentKey)}</p>`;
  return `${type}${table}${names.length > 0 ? "" : constraintsHtml(schema)}${exampleHtml(schema.examples?.[0])}`;
}

/** An example value as indented JSON. */
export function exampleHtml(example: unknown, label = "Example"): string {
  if (example === undefined) return "";
  return `<figure class="example"><figcaption>${escapeHtml(label)}</figcaption><pre><code>${escapeHtml(JSON.stringify(example, null, 2))}</code></pre></figure>`;
}
