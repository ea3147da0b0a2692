import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventObjectSchema, type EventObject } from '@bazaar/schemas';
import { WEBHOOK_SIGNATURE_HEADER } from '@bazaar/server-kit';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  event: EventObject;
  signature: string | undefined;
}

/** What the receiver answers a delivery: a status, or `hang` to never answer. */
export type ReceiverAnswer = number | 'hang';

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Decides each answer (200 unless told otherwise), e.g. to fail on purpose and come back. */
  answer: (webhook: ReceivedWebhook) => ReceiverAnswer;
  close(): Promise<void>;
}

/** A merchant's endpoint on loopback that records every delivery as it arrived. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const hanging = new Set<() => void>();
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    answer: () => 200,
    async close() {
      for (const release of hanging) release();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = request.headers[WEBHOOK_SIGNATURE_HEADER];
      const webhook: ReceivedWebhook = {
        headers: request.headers,
        body,
        event: eventObjectSchema.parse(JSON.parse(body)),
        signature: typeof header === 'string' ? header : undefined,
      };
      receiver.received.push(webhook);
      const answer = receiver.answer(webhook);
      if (answer === 'hang') {
        hanging.add(() => response.destroy());
        return;
      }
      response.writeHead(answer).end('ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
