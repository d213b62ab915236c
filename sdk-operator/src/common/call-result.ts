import { CroupierApiError, errorFromResponse, errorFromThrown, type Result } from "./api-error.js";

/** The part of an openapi-fetch answer the SDK reads. */
interface RawAnswer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * Runs one raw openapi-fetch call and folds every outcome into a {@link Result}: 2xx → data,
 * other statuses → {@link CroupierApiError} with the body's `error` message, thrown network
 * errors and timeouts → status 0.
 */
export async function toResult<T>(send: () => Promise<RawAnswer>): Promise<Result<T>> {
  let answer: RawAnswer;
  try {
    answer = await send();
  } catch (thrown) {
    return { error: errorFromThrown(thrown) };
  }
  const { response } = answer;
  if (response.ok) return { data: answer.data as T, response };
  return { error: errorFromResponse(response, answer.error), response };
}

/** Maps the data of a successful result, leaving errors untouched. */
export function mapResult<T, U>(result: Result<T>, map: (data: T) => U): Result<U> {
  return result.error ? result : { data: map(result.data as T), response: result.response as Response };
}

export { CroupierApiError };
