import type { OpenApiDocument, OpenApiMediaType, OpenApiOperation, OpenApiResponse } from "./openapi-types.js";
import { exampleHtml, schemaAnchor, schemaHtml, typeHtml } from "./schema-html.js";
import { anchor, descriptionHtml, escapeHtml } from "./text.js";

/** One operation of a document, with its method and path. */
export interface Operation {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

/** Every operation of a document, grouped by its first tag in the document's tag order (untagged last). */
export function operationsByTag(document: OpenApiDocument): { tag: string; description?: string; operations: Operation[] }[] {
  const all = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
  const tags = [...(document.tags ?? []), { name: "Other" }];
  return tags
    .map((tag) => ({
      tag: tag.name,
      ...("description" in tag && tag.description ? { description: tag.description } : {}),
      operations: all.filter((op) => (op.operation.tags?.[0] ?? "Other") === tag.name),
    }))
    .filter((group) => group.operations.length > 0);
}

export function operationAnchor(documentKey: string, operationId: string): string {
  return anchor(documentKey, "op", operationId);
}

/** How a call authenticates: the security requirement's schemes, the alternatives joined by "or". */
function authenticationHtml(document: OpenApiDocument, operation: OpenApiOperation): string {
  const requirements = operation.security ?? document.security ?? [];
  const schemes = document.components?.securitySchemes ?? {};
  const alternatives = requirements.map((requirement) => {
    const names = Object.keys(requirement);
    if (names.length === 0) return "none";
    return names.map((name) => `<code>${escapeHtml(schemes[name]?.name ?? name)}</code> ${escapeHtml(schemes[name]?.in ?? "")}`.trim()).join(", ");
  });
  return alternatives.length === 0 ? "" : `<p class="auth"><strong>Authentication:</strong> ${alternatives.join(" or ")}</p>`;
}

function bodyHtml(content: Record<string, OpenApiMediaType> | undefined, documentKey: string, document: OpenApiDocument, expand: boolean): string {
  return Object.entries(content ?? {})
    .map(([mediaType, media]) => {
      const ref = media.schema?.$ref;
      const referenced = ref ? document.components?.schemas?.[ref.slice(ref.lastIndexOf("/") + 1)] : undefined;
      const shape =
        referenced && expand
          ? `<p class="type">${typeHtml(media.schema, documentKey)}</p>${schemaHtml({ ...referenced, examples: undefined }, documentKey)}`
          : media.schema
            ? ref
              ? `<p class="type">${typeHtml(media.schema, documentKey)}</p>`
              : schemaHtml(media.schema, documentKey)
            : "";
      const examples = Object.values(media.examples ?? {}).map((example) => exampleHtml(example.value, example.summary ?? "Example"));
      return `<p class="media"><code>${escapeHtml(mediaType)}</code></p>${shape}${examples.join("")}`;
    })
    .join("");
}

function responseHtml(status: string, response: OpenApiResponse, documentKey: string, document: OpenApiDocument): string {
  const headers = Object.entries(response.headers ?? {});
  const headerTable =
    headers.length === 0
      ? ""
      : `<table class="headers"><thead><tr><th scope="col">Header</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead><tbody>${headers
          .map(
            ([name, header]) =>
              `<tr><td><code>${escapeHtml(name)}</code></td><td>${typeHtml(header.schema, documentKey)}</td><td>${descriptionHtml(header.description)}</td></tr>`,
          )
          .join("")}</tbody></table>`;
  return (
    `<div class="response"><h5><span class="status status-${escapeHtml(status[0] ?? "")}">${escapeHtml(status)}</span></h5>` +
    `${descriptionHtml(response.description)}${headerTable}${bodyHtml(response.content, documentKey, document, status.startsWith("2"))}</div>`
  );
}

function operationHtml({ method, path, operation }: Operation, documentKey: string, document: OpenApiDocument): string {
  const parameters = operation.parameters ?? [];
  const parameterTable =
    parameters.length === 0
      ? ""
      : `<h4>Parameters</h4><table class="parameters"><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead><tbody>${parameters
          .map(
            (parameter) =>
              `<tr><td><code>${escapeHtml(parameter.name)}</code>${parameter.required ? ' <span class="required">required</span>' : ""}</td>` +
              `<td>${escapeHtml(parameter.in)}</td><td>${typeHtml(parameter.schema, documentKey)}</td><td>${descriptionHtml(parameter.description)}</td></tr>`,
          )
          .join("")}</tbody></table>`;
  const request = operation.requestBody
    ? `<h4>Request body${operation.requestBody.required ? "" : " (optional)"}</h4>${descriptionHtml(operation.requestBody.description)}${bodyHtml(operation.requestBody.content, documentKey, document, true)}`
    : "";
  const responses = Object.entries(operation.responses)
    .map(([status, response]) => responseHtml(status, response, documentKey, document))
    .join("");
  return (
    `<section class="operation" id="${operationAnchor(documentKey, operation.operationId)}">` +
    `<h3><span class="method method-${method.toLowerCase()}">${method}</span> <code class="path">${escapeHtml(path)}</code></h3>` +
    `<p class="summary">${escapeHtml(operation.summary ?? operation.operationId)} <span class="operation-id">${escapeHtml(operation.operationId)}</span></p>` +
    `${descriptionHtml(operation.description)}${authenticationHtml(document, operation)}${parameterTable}${request}<h4>Responses</h4>${responses}</section>`
  );
}

/** A list of a document's operations linking to them on its page (`page` is that page's file name). */
export function operationListHtml(document: OpenApiDocument, documentKey: string, page: string): string {
  return operationsByTag(document)
    .map(
      ({ tag, operations }) =>
        `<li>${escapeHtml(tag)}<ul>${operations
          .map(
            ({ method, path, operation }) =>
              `<li><a href="${page}#${operationAnchor(documentKey, operation.operationId)}"><span class="method method-${method.toLowerCase()}">${method}</span> <code>${escapeHtml(path)}</code></a> ${escapeHtml(operation.summary ?? "")}</li>`,
          )
          .join("")}</ul></li>`,
    )
    .join("");
}

/** A document's page body: its description and servers, its operations by tag, then its component schemas. */
export function documentHtml(document: OpenApiDocument, documentKey: string, yamlFile: string): string {
  const servers = (document.servers ?? [])
    .map((server) => `<li><code>${escapeHtml(server.url)}</code> ${descriptionHtml(server.description)}</li>`)
    .join("");
  const groups = operationsByTag(document)
    .map(
      ({ tag, description, operations }) =>
        `<section class="tag" id="${anchor(documentKey, "tag", tag)}"><h2>${escapeHtml(tag)}</h2>${descriptionHtml(description)}${operations
          .map((operation) => operationHtml(operation, documentKey, document))
          .join("")}</section>`,
    )
    .join("");
  const schemas = Object.entries(document.components?.schemas ?? {})
    .map(
      ([name, schema]) =>
        `<section class="schema" id="${schemaAnchor(documentKey, name)}"><h3>${escapeHtml(name)}</h3>${descriptionHtml(schema.description)}${schemaHtml(schema, documentKey)}</section>`,
    )
    .join("");
  return (
    `<div class="document"><nav class="toc" aria-label="Operations"><ul>${operationListHtml(document, documentKey, "")}<li><a href="#${anchor(documentKey, "schemas")}">Schemas</a></li></ul></nav>` +
    `<div class="content"><h1>${escapeHtml(document.info.title)} <span class="version">${escapeHtml(document.info.version)}</span></h1>` +
    `${descriptionHtml(document.info.description)}<p>The OpenAPI document: <a href="${yamlFile}" download>${yamlFile}</a></p>` +
    `${servers ? `<h2>Servers</h2><ul class="servers">${servers}</ul>` : ""}${groups}` +
    `<section class="schemas" id="${anchor(documentKey, "schemas")}"><h2>Schemas</h2>${schemas}</section></div></div>`
  );
}
