import {
  idSchema,
  retrieveCheckoutResponseSchema,
  startCheckoutResponseSchema,
  submitCheckoutBodySchema,
  submitCheckoutResponseSchema,
} from '@bazaar/schemas';
import type { ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import { retrieveCheckout, startCheckoutFromLink } from './service.ts';
import { submitCheckout } from './submit.ts';

/** Parameters every client call carries; everything else on a start URL is the seller's metadata. */
const CLIENT_PARAMS = new Set(['locale', 'livemode', 'authToken']);

const startQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

function toMetadata(query: z.infer<typeof startQuery>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([key]) => !CLIENT_PARAMS.has(key))
      .map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value]),
  );
}

export function registerCheckoutSessionRoutes(app: ZodApp, deps: PaymentDeps) {
  app.post(
    '/checkout-sessions/start/:paymentLinkId',
    {
      schema: {
        params: z.object({ paymentLinkId: idSchema('paymentLink') }),
        querystring: startQuery,
        response: { 200: startCheckoutResponseSchema },
      },
    },
    async (request) =>
      startCheckoutFromLink(deps, {
        paymentLinkId: request.params.paymentLinkId,
        metadata: toMetadata(request.query),
        user: request.user,
      }),
  );

  app.get(
    '/checkout-sessions/retrieve/:id',
    { schema: { params: z.object({ id: z.string() }), response: { 200: retrieveCheckoutResponseSchema } } },
    async (request) => retrieveCheckout(deps, { id: request.params.id, user: request.user }),
  );

  // The donation page posts to `donate-submit` (payment-kit.md §7); the rules are the same, and
  // the session's own submit_type decides whether a guest may pay.
  for (const action of ['submit', 'donate-submit']) {
    app.put(
      `/checkout-sessions/:id/${action}`,
      {
        config: { idempotent: true },
        schema: {
          params: z.object({ id: idSchema('checkoutSession') }),
          body: submitCheckoutBodySchema,
          response: { 200: submitCheckoutResponseSchema },
        },
      },
      async (request) =>
        submitCheckout(deps, { sessionId: request.params.id, body: request.body, user: request.user }),
    );
  }
}
