import { LIMITS } from "./generated/limits.js";

/**
 * What is wrong with a transaction's metadata by the contract's limits (spec/wallet/models.tsp: a JSON object, at most
 * `x-max-depth` levels deep and `x-max-serialized-bytes` bytes of compact JSON), or undefined when it is fine. The
 * server and the operator SDK's receiver both check with it, so their limits cannot drift apart.
 */
export function metadataProblem(metadata: unknown): string | undefined {
  if (metadata === null || typeof metadata !== "object" || Array.isArray(metadata)) return "metadata must be a JSON object";
  // Checked first, without recursion: serializing a deeper value would exhaust the stack.
  if (nestingDepth(metadata) > LIMITS.metadataMaxDepth) return `metadata must not nest deeper than ${LIMITS.metadataMaxDepth} levels`;
  if (Buffer.byteLength(JSON.stringify(metadata), "utf8") > LIMITS.metadataMaxBytes)
    return `metadata exceeds ${LIMITS.metadataMaxBytes} bytes serialized`;
  return undefined;
}

/** How deeply objects and arrays nest in a parsed JSON value (a flat object is 1), counted without recursion. */
function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    deepest = Math.max(deepest, depth);
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}
