/**
 * The source text of a top-level member of JSON text JSON.parse accepted (its last occurrence, as JSON.parse keeps), so
 * forwarded metadata keeps its exact bytes (JSON.parse would turn 1.50 into 1.5).
 */
export function rawJsonMember(text: string, name: string): string | undefined {
  const last = memberValueSpans(text, name).at(-1);
  return last && text.slice(last.start, last.end);
}

/**
 * The text with the value of every top-level member `name` replaced by `value` (JSON text), every other byte kept:
 * how a stored body is shown with a secret member hidden. Expects text that JSON.parse has already accepted.
 */
export function replaceJsonMember(text: string, name: string, value: string): string {
  let out = "";
  let at = 0;
  for (const span of memberValueSpans(text, name)) {
    out += text.slice(at, span.start) + value;
    at = span.end;
  }
  return out + text.slice(at);
}

/** Where the values of every top-level member `name` are in the text, in order; none when the text is not an object. */
function memberValueSpans(text: string, name: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let i = skipWhitespace(text, 0);
  if (text[i] !== "{") return spans;
  i = skipWhitespace(text, i + 1);
  while (i < text.length && text[i] !== "}") {
    const keyEnd = endOfString(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipWhitespace(text, keyEnd);
    i = skipWhitespace(text, i + 1); // past ':'
    const valueEnd = endOfValue(text, i);
    if (key === name) spans.push({ start: i, end: valueEnd });
    i = skipWhitespace(text, valueEnd);
    if (text[i] === ",") i = skipWhitespace(text, i + 1);
  }
  return spans;
}

function skipWhitespace(text: string, i: number): number {
  while (i < text.length && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++;
  return i;
}

/** Index just past the string literal starting at `i` (which is a quote). */
function endOfString(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === "\\") j++;
    else if (text[j] === '"') return j + 1;
  }
  return text.length;
}

/** Index just past the value starting at `i`: a string, an object or array (brackets balanced), or a literal. */
function endOfValue(text: string, i: number): number {
  const first = text[i];
  if (first === '"') return endOfString(text, i);
  if (first === "{" || first === "[") {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const c = text[j];
      if (c === '"') j = endOfString(text, j) - 1;
      else if (c === "{" || c === "[") depth++;
      else if (c === "}" || c === "]") {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return text.length;
  }
  let j = i;
  while (j < text.length && !",}] \t\n\r".includes(text[j]!)) j++;
  return j;
}
