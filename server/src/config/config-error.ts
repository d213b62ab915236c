/** A configuration that cannot be used; `key` names the offending key as a dotted path (or the environment variable). */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(
    readonly key: string,
    problem: string,
  ) {
    super(`invalid configuration at "${key}": ${problem}`);
  }
}
