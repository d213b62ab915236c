#!/usr/bin/env node
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { documentHtml, operationListHtml } from "./document-html.js";
import { API_REFERENCE_DIR } from "./location.js";
import type { OpenApiDocument } from "./openapi-types.js";
import { pageHtml, REFERENCE_CSS, REFERENCE_ICON, type ReferenceDocument } from "./page.js";
import { descriptionHtml, escapeHtml } from "./text.js";

const DOCUMENTS: readonly ReferenceDocument[] = [
  { key: "service", title: "Service API" },
  { key: "operator-wallet", title: "Operator wallet callbacks" },
  { key: "provider-webhooks", title: "Provider webhooks" },
];

/**
 * Renders the API reference from the three generated OpenAPI documents into static files: an index, a page per
 * document, its YAML, a style sheet and an icon. No script and nothing from another host, so it is served under a
 * Content-Security-Policy of 'self'. Run by `npm run build`; the output is rebuilt, never committed.
 */
export function buildApiReference(outDir = API_REFERENCE_DIR): void {
  const require = createRequire(import.meta.url);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const sections: string[] = [];
  for (const reference of DOCUMENTS) {
    const yamlFile = `${reference.key}.openapi.yaml`;
    const source = require.resolve(`@croupier/spec/${yamlFile}`);
    const document = parse(readFileSync(source, "utf8")) as OpenApiDocument;
    copyFileSync(source, join(outDir, yamlFile));
    writeFileSync(
      join(outDir, `${reference.key}.html`),
      pageHtml(`${document.info.title}: Croupier API reference`, DOCUMENTS, documentHtml(document, reference.key, yamlFile)),
    );
    sections.push(
      `<li><h2><a href="${reference.key}.html">${escapeHtml(document.info.title)}</a></h2>${descriptionHtml(document.info.description)}` +
        `<ul>${operationListHtml(document, reference.key, `${reference.key}.html`)}</ul></li>`,
    );
  }
  const intro =
    "<h1>Croupier API reference</h1><p>The three OpenAPI documents generated from the TypeSpec contract: the service's own API, " +
    "the wallet callbacks an operator implements and the webhooks a provider implements.</p>";
  writeFileSync(join(outDir, "index.html"), pageHtml("Croupier API reference", DOCUMENTS, `${intro}<ul class="documents">${sections.join("")}</ul>`));
  writeFileSync(join(outDir, "reference.css"), REFERENCE_CSS.trimStart());
  writeFileSync(join(outDir, "favicon.svg"), REFERENCE_ICON);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildApiReference();
