/**
 * Thrown when a client or a receiver is created with options that cannot work (a missing secret, a `baseUrl` without
 * `http://` or `https://`, ...), so the mistake surfaces where it was made rather than as a failed first call.
 * `option` names the option; the message says what is wrong and what is expected.
 *
 * @example
 * try {
 *   createOperatorClient({ baseUrl: "croupier.example", tenantId: "op-acme", secret });
 * } catch (error) {
 *   if (error instanceof CroupierConfigurationError) console.error(error.option, error.message); // "baseUrl", ...
 * }
 */
export class CroupierConfigurationError extends Error {
  override readonly name = "CroupierConfigurationError";
  /** The option at fault, as it is spelled in the options object: `secret`, `baseUrl`, `retry.maxAttempts`, ... */
  readonly option: string;

  constructor(option: string, message: string) {
    super(message);
    this.option = option;
  }
}
