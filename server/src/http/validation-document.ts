import { readFileSync } from "node:fs";
import { parse } from "yaml";

type Schema = Record<string, unknown>;

/**
 * The service's OpenAPI document as both request validators read it (express-openapi-validator for the Express routes,
 * {@link OperationSchemas} for the provider wallet API), so they refuse the same bodies with the same messages.
 *
 * One rewrite: a `oneOf` with a `discriminator` (the provider's TransactionRequest) becomes "the discriminator property
 * is one of the mapping's values, and then the form it names". Read as a plain `oneOf`, a body failing one form reports
 * every form's mismatch (`type must be equal to BET; type must be equal to WIN; ...`); express-openapi-validator's own
 * discriminator handling drops the `body.` of each path and answers 500 to a `null` body. This form reports only what
 * is wrong with the form the body chose, and accepts and refuses exactly what the `oneOf` does.
 */
export function loadValidationDocument(path: string): Schema {
  const document = parse(readFileSync(path, "utf8")) as Schema;
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
