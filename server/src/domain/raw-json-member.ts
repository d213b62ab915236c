/**
 * Finds the source text of one member of a top-level JSON object, so a value the platform must forward verbatim
 * (transaction metadata) keeps its exact bytes: JSON.parse would turn 12345678901234567890 into
 * 12345678901234567000, 1.50 into 1.5 and "\u00e9" into "é". Returns the text of the last occurrence (JSON.parse
 * keeps the last of duplicate keys), or undefined when the member is absent or the text is not an object.
 * Expects text that JSON.parse has already accepted.
 */
export function rawJsonMember(text: string, name: string): string | undefined {
  let i = skipWhitespace(text, 0);
  if (text[i] !== "{") return undefined;
  i = skipWhitespace(text, i + 1);
  let found: string | undefined;
  while (i < text.length && text[i] !== "}") {
    const keyEnd = endOfString(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipWhitespace(text, keyEnd);
    i = skipWhitespace(text, i + 1); // past ':'
    const valueEnd = endOfValue(text, i);
    if (key === name) found = text.slice(i, valueEnd);
    i = skipWhitespace(text, valueEnd);
    if (text[i] === ",") i = skipWhitespace(text, i + 1);
  }
  return found;
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
