/**
 * @croupier/contract: what is generated from the TypeSpec contract (spec/), imported by the server and bundled into
 * both SDKs, so a field renamed in the TypeSpec breaks the build of each. `npm run generate` writes src/generated/ and
 * `npm run check:generated` keeps it fresh; by hand there are only these re-exports, the metadata check, which
 * applies the generated limits, and the patterns' rules in words.
 */
export type { paths as ServicePaths, components as ServiceComponents, operations as ServiceOperations } from "./generated/service.js";
export type { paths as OperatorWalletPaths, components as OperatorWalletComponents } from "./generated/operator-wallet.js";
export type { paths as ProviderWebhooksPaths, components as ProviderWebhooksComponents } from "./generated/provider-webhooks.js";
export { LIMITS } from "./generated/limits.js";
export { metadataProblem } from "./metadata-limits.js";
export { HTTP_URL_RULE, IDENTIFIER_RULE, NOTE_RULE } from "./pattern-rules.js";

import type { components as Service } from "./generated/service.js";
import type { components as OperatorWallet } from "./generated/operator-wallet.js";
import type { components as ProviderWebhooks } from "./generated/provider-webhooks.js";

/** The service's models (spec/ → service.openapi.yaml) by name: `ServiceSchemas["LaunchGameRequestBody"]`. */
export type ServiceSchemas = Service["schemas"];
/** The operator wallet callbacks' models by name. */
export type OperatorWalletSchemas = OperatorWallet["schemas"];
/** The provider webhooks' models by name. */
export type ProviderWebhooksSchemas = ProviderWebhooks["schemas"];
