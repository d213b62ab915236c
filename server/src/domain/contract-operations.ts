import type { ServiceOperations } from "@croupier/contract";

/**
 * The parts of the service contract's operations, by operationId, for the handlers and the domain inputs they feed:
 * typed from the generated contract, so a field renamed in the TypeSpec breaks the server's build.
 */
export type OperationId = keyof ServiceOperations;

type ParametersOf<Id extends OperationId> = ServiceOperations[Id]["parameters"];

/** An operation's path parameters (none: an empty record). */
export type OperationPath<Id extends OperationId> = [NonNullable<ParametersOf<Id>["path"]>] extends [never]
  ? Record<string, never>
  : NonNullable<ParametersOf<Id>["path"]>;

/**
 * An operation's query parameters as a handler reads them: validated against the contract but not coerced (Express 5
 * parses `req.query` afresh on every read), so a number is still the decimal string the URL carried.
 */
export type OperationQuery<Id extends OperationId> = [NonNullable<ParametersOf<Id>["query"]>] extends [never]
  ? Record<string, never>
  : { [K in keyof NonNullable<ParametersOf<Id>["query"]>]: AsSent<NonNullable<ParametersOf<Id>["query"]>[K]> };
type AsSent<T> = NonNullable<T> extends number ? string | Exclude<T, number> : T;

/** An operation's JSON request body (validated against the contract before a handler runs); none: undefined. */
export type OperationBody<Id extends OperationId> = [NonNullable<ServiceOperations[Id]["requestBody"]>] extends [never]
  ? undefined
  : NonNullable<ServiceOperations[Id]["requestBody"]> extends { content: { "application/json": infer Body } }
    ? Body
    : never;

/** An operation's 200 JSON answer. */
export type OperationResult<Id extends OperationId> = ServiceOperations[Id]["responses"] extends {
  200: { content: { "application/json": infer Result } };
}
  ? Result
  : never;
