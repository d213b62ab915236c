/** The most of a provider's own error body kept on a grant. */
const MAX_PROVIDER_ERROR_CHARS = 500;

/**
 * A failure message quoting a provider's own answer, as recorded on a grant: the spec keeps its descriptive body for the
 * operator, with control characters removed and at most 500 characters in all.
 */
export function quoteProvider(message: string): string {
  return message.replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ").slice(0, MAX_PROVIDER_ERROR_CHARS);
}
