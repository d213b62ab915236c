/** The nonces port: every nonce accepted within its validity, so that a replayed request is refused. */
import type { NonceStore } from "@croupier/signing";

/**
 * The signing package's {@link NonceStore}, answered asynchronously: a store shared by several instances must ask its
 * database. `remember` is the check and the record in one atomic step: of two concurrent calls with one nonce, one wins.
 */
export interface NonceLog extends NonceStore {
  remember(tenantId: string, nonce: string, expiresAtSeconds: number): Promise<boolean>;
}
