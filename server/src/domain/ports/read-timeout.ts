/**
 * A back-office read the store cut at its statement timeout (issue 30 item 1): not a fault, a read too broad for the
 * time the back office allows it. The one error table answers it as a retryable failure that says what to do.
 */
export class ReadTimedOut extends Error {
  constructor(readonly timeoutMs: number) {
    super(`this read took longer than the back office allows (${timeoutMs} ms): narrow it with filters or a time range, and retry`);
  }
}
