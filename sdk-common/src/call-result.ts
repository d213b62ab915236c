import { errorFromResponse, errorFromThrown, type Result } from "./api-error.js";

/** The part of an openapi-fetch answer the SDK reads; `D` is the typed success body. */
interface RawAnswer<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/**
 * Runs one raw openapi-fetch call and folds every outcome into a {@link Result}: 2xx → data,
 * other statuses → {@link CroupierApiError} with the body's `error` message, thrown network
 * errors and timeouts → status 0.
 */
export async function toResult<D>(send: () => Promise<RawAnswer<D>>): Promise<Result<D>> {
  let answer: RawAnswer<D>;
  try {
    answer = await send();
  } catch (thrown) {
    return { error: errorFromThrown(thrown) };
  }
  const { response } = answer;
  if (response.ok) return { data: answer.data as D, response };
  return { error: errorFromResponse(response, answer.error), response };
}
