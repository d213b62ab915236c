/** HTML-escapes text for an element's content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);
}

/**
 * A description from the OpenAPI documents as HTML: the documents use only `inline code` and blank-line paragraphs.
 * Nothing is linked, so the page names no other host a browser would fetch.
 */
export function descriptionHtml(text: string | undefined): string {
  if (!text) return "";
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.replace(/\s*\n\s*/g, " ").trim()).replace(/`([^`]+)`/g, "<code>$1</code>")}</p>`)
    .join("");
}

/** A stable HTML id from parts (an operation id, a schema name). */
export function anchor(...parts: string[]): string {
  return parts.map((part) => part.replace(/[^A-Za-z0-9_-]+/g, "-")).join("--");
}
