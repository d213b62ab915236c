import { escapeHtml } from "./text.js";

/** One of the three OpenAPI documents the reference shows. */
export interface ReferenceDocument {
  /** Short name: the page is `<key>.html`, the YAML `<key>.openapi.yaml`. */
  key: string;
  title: string;
}

/** A page of the reference: the site header linking every document, then `body`. No script: a style sheet and an icon. */
export function pageHtml(title: string, documents: readonly ReferenceDocument[], body: string): string {
  const links = documents.map((document) => `<a href="${document.key}.html">${escapeHtml(document.title)}</a>`).join("");
  return (
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><link rel="icon" href="favicon.svg"><link rel="stylesheet" href="reference.css"></head>` +
    `<body><header class="site"><a class="home" href="./">Croupier API reference</a><nav aria-label="Documents">${links}</nav></header>` +
    `<main>${body}</main></body></html>\n`
  );
}

/** The pages' icon, served beside them so the browser asks the service for nothing it cannot answer. */
export const REFERENCE_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#0550ae"/></svg>\n`;

/** The reference's style sheet: readable on a phone and a desktop, no web fonts. */
export const REFERENCE_CSS = `
:root { color-scheme: light; --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --soft: #f6f8fa; --link: #0550ae; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: var(--ink); }
a { color: var(--link); }
code, pre { font-family: ui-monospace, monospace; font-size: 0.92em; }
li code, p code, h3 code { overflow-wrap: anywhere; }
pre { background: var(--soft); padding: 0.75rem; overflow-x: auto; margin: 0; }
header.site { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: baseline; padding: 0.75rem 1rem; border-bottom: 1px solid var(--line); }
header.site .home { font-weight: 700; text-decoration: none; color: var(--ink); }
header.site nav { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; }
main { padding: 1rem; max-width: 90rem; margin: 0 auto; }
.document { display: grid; grid-template-columns: minmax(14rem, 20rem) minmax(0, 1fr); gap: 2rem; }
.toc { position: sticky; top: 0; align-self: start; max-height: 100vh; overflow-y: auto; font-size: 0.9em; }
.toc ul { list-style: none; padding-left: 0.75rem; margin: 0.25rem 0; }
.toc > ul { padding-left: 0; }
.toc a { text-decoration: none; }
.content { min-width: 0; }
.operation, .schema { border-top: 1px solid var(--line); padding-top: 0.5rem; margin-top: 1.5rem; }
.operation h3 { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: baseline; overflow-wrap: anywhere; }
.method { display: inline-block; min-width: 3.5em; text-align: center; font: 700 0.8em ui-monospace, monospace; padding: 0.1em 0.4em; border-radius: 4px; color: #fff; background: #59636e; }
.method-get { background: #0a6640; } .method-post { background: #0550ae; } .method-put { background: #8a4600; } .method-delete { background: #a40e26; }
.status { font: 700 0.9em ui-monospace, monospace; padding: 0.1em 0.4em; border-radius: 4px; background: var(--soft); border: 1px solid var(--line); }
.status-2 { color: #0a6640; } .status-4, .status-5 { color: #a40e26; }
.summary { font-weight: 600; margin: 0.25rem 0; }
.operation-id, .version, .limits, .media { color: var(--muted); font-weight: 400; font-size: 0.9em; }
.required { color: #a40e26; font-size: 0.8em; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0; display: block; overflow-x: auto; }
th, td { text-align: left; vertical-align: top; border: 1px solid var(--line); padding: 0.35rem 0.5rem; }
th { background: var(--soft); }
td p { margin: 0 0 0.35rem; }
.response { margin: 0.75rem 0; }
.example figcaption { color: var(--muted); font-size: 0.9em; }
.example { margin: 0.5rem 0; }
.documents { list-style: none; padding: 0; }
.documents > li { border-top: 1px solid var(--line); padding: 0.5rem 0 1rem; }
.documents ul { list-style: none; padding-left: 0.75rem; }
@media (max-width: 50rem) {
  .document { grid-template-columns: minmax(0, 1fr); }
  .toc { position: static; max-height: none; }
}
`;
