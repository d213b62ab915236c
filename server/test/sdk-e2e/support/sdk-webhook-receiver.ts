import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createWebhookHandler,
  MemoryDedupStore,
  toNodeListener,
  withCancelDedup,
  withGrantDedup,
  type CancelFreeSpinsRequest,
  type GrantFreeSpinsRequest,
  type SessionRevokeRequest,
} from "@croupier/sdk-provider";

/**
 * A provider's webhook receiver built on sdk-provider's createWebhookHandler (grant and cancel deduplicated
 * with the SDK helpers) behind toNodeListener. It records what each callback received and every answer status.
 */
export interface SdkWebhookReceiver {
  url: string;
  /** Grant webhooks that reached onGrant (after dedup), with the externalRef handed back. */
  grants: (GrantFreeSpinsRequest & { externalRef: string })[];
  cancels: CancelFreeSpinsRequest[];
  revokes: SessionRevokeRequest[];
  /** Status of every answer the SDK handler produced, refusals included. */
  answers: number[];
  close(): Promise<void>;
}

/** Starts the receiver on 127.0.0.1, port 0. */
export async function startSdkWebhookReceiver(options: { tenantId: string; secrets: string[] }): Promise<SdkWebhookReceiver> {
  const receiver = { grants: [], cancels: [], revokes: [], answers: [] } as unknown as SdkWebhookReceiver;
  const handler = createWebhookHandler({
    tenantId: options.tenantId,
    secrets: options.secrets,
    onGrant: withGrantDedup(new MemoryDedupStore(), (request) => {
      const externalRef = `batch-${receiver.grants.length + 1}`;
      receiver.grants.push({ ...request, externalRef });
      return { externalRef };
    }),
    onStatus: (request) => {
      const granted = receiver.grants.find((grant) => grant.externalRef === request.externalRef);
      const cancelled = receiver.cancels.some((cancel) => cancel.externalRef === request.externalRef);
      const remainingSpins = granted && !cancelled ? granted.spins : 0;
      return { remainingSpins, completed: remainingSpins === 0 };
    },
    onCancel: withCancelDedup(new MemoryDedupStore(), (request) => void receiver.cancels.push(request)),
    onRevoke: (request) => void receiver.revokes.push(request),
  });
  const server: Server = createServer(
    toNodeListener(async (request) => {
      const answer = await handler(request);
      receiver.answers.push(answer.status);
      return answer;
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
