import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { HTTP_METHODS, loadDocument, type DocumentName } from "./openapi-document.js";

type Node = Record<string, unknown>;
const DOCUMENTS: DocumentName[] = ["service", "operator-wallet", "provider-webhooks"];

/** Every example a document gives, with the schema it must satisfy (as a pointer into the document). */
function examplesOf(document: Node): { where: string; pointer: string; value: unknown }[] {
  const found: { where: string; pointer: string; value: unknown }[] = [];
  const schemas = ((document.components as Node).schemas ?? {}) as Record<string, Node>;
  for (const [name, schema] of Object.entries(schemas)) {
    for (const [i, value] of ((schema.examples as unknown[] | undefined) ?? []).entries()) {
      found.push({ where: `${name} example ${i}`, pointer: `#/components/schemas/${name}`, value });
    }
  }
  const escape = (token: string) => token.replace(/~/g, "~0").replace(/\//g, "~1");
  for (const [path, item] of Object.entries(document.paths as Record<string, Node>)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as Node | undefined;
      if (!operation) continue;
      const base = `#/paths/${escape(path)}/${method}`;
      const media: [string, Node][] = Object.entries(((operation.requestBody as Node | undefined)?.content ?? {}) as Record<string, Node>).map(
        ([type, m]) => [`${base}/requestBody/content/${escape(type)}`, m],
      );
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Node>)) {
        for (const [type, m] of Object.entries((response.content ?? {}) as Record<string, Node>))
          media.push([`${base}/responses/${status}/content/${escape(type)}`, m]);
      }
      for (const [pointer, m] of media) {
        for (const [title, example] of Object.entries((m.examples ?? {}) as Record<string, { value: unknown }>)) {
          found.push({
            where: `${method.toUpperCase()} ${path} ${pointer.split("/").slice(-3).join("/")}: ${title}`,
            pointer: `${pointer}/schema`,
            value: example.value,
          });
        }
      }
    }
  }
  return found;
}

describe("every example in the OpenAPI documents validates against its schema", () => {
  it.each(DOCUMENTS)("%s", (name) => {
    const document = loadDocument(name) as unknown as Node;
    const ajv = new Ajv2020({ strict: false, validateSchema: false });
    addFormats.default(ajv);
    for (const format of ["int32", "int64", "double", "float"]) ajv.addFormat(format, { type: "number", validate: () => true });
    ajv.addSchema(document, "doc");
    const examples = examplesOf(document);
    expect(examples.length).toBeGreaterThan(0);
    for (const { where, pointer, value } of examples) {
      const validate = ajv.getSchema(`doc${pointer}`) ?? ajv.compile({ $ref: `doc${pointer}` });
      expect(validate(value), `${where}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });
});
