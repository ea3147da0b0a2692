import {
  CHECKOUT_SECRET_HEADER,
  checkoutSessionChangeSchema,
  crossSellBodySchema,
  crossSellOfferSchema,
  customAmountBodySchema,
  downsellBodySchema,
  chainTransactionBodySchema,
  chainTransactionResponseSchema,
  idSchema,
  metadataInputSchema,
  retrieveCheckoutResponseSchema,
  startCheckoutResponseSchema,
  submitCheckoutBodySchema,
  submitCheckoutResponseSchema,
  upsellBodySchema,
} from '@bazaar/schemas';
import { AppError, type ZodApp } from '@bazaar/server-kit';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import {
  addCrossSell,
  downsellSession,
  getCrossSellOffer,
  removeCrossSell,
  setCustomAmount,
  upsellSession,
} from './changes.ts';
import type { CheckoutActor } from './access.ts';
import { retrieveCheckout, startCheckoutFromLink } from './service.ts';
import { reportChainTransfer } from '../../flows/pay-by-chain.ts';
import { submitCheckout } from '../../flows/submit-checkout.ts';

/** Parameters every client call carries; everything else on a start URL is the seller's metadata. */
const CLIENT_PARAMS = new Set(['locale', 'livemode', 'authToken']);

const startQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** Any string: the service answers a non-`cs_`/`plink_` id with INVALID_CHECKOUT_ID, the same on every route. */
const sessionParams = z.object({ id: z.string().max(200) });

/** The start address's own query becomes the session's metadata, within metadata's bounds. */
function toMetadata(query: z.infer<typeof startQuery>): Record<string, string> {
  const metadata = Object.fromEntries(
    Object.entries(query)
      .filter(([key]) => !CLIENT_PARAMS.has(key))
      .map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value]),
  );
  const parsed = metadataInputSchema.safeParse(metadata);
  if (parsed.success) return parsed.data;
  throw new AppError(
    'VALIDATION_FAILED',
    'Validate failed',
    parsed.error.issues.map((issue) => ({
      path: ['query', ...issue.path].join('.'),
      message: issue.message,
    })),
  );
}

/** Who acts on a session: the signed-in user, and the session's secret if the page sent it. */
function checkoutActor(request: FastifyRequest): CheckoutActor {
  const secret = request.headers[CHECKOUT_SECRET_HEADER];
  return { user: request.user, secret: typeof secret === 'string' && secret !== '' ? secret : null };
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
    { schema: { params: sessionParams, response: { 200: retrieveCheckoutResponseSchema } } },
    async (request) => retrieveCheckout(deps, { id: request.params.id, actor: checkoutActor(request) }),
  );

  // The donation page posts to `donate-submit` as the original kit's page did; the rules are the
  // same, and the session's own submit_type decides whether a guest may pay.
  for (const action of ['submit', 'donate-submit']) {
    app.put(
      `/checkout-sessions/:id/${action}`,
      {
        config: { idempotent: true },
        schema: {
          params: sessionParams,
          body: submitCheckoutBodySchema,
          response: { 200: submitCheckoutResponseSchema },
        },
      },
      async (request) =>
        submitCheckout(deps, {
          sessionId: request.params.id,
          body: request.body,
          actor: checkoutActor(request),
        }),
    );
  }

  app.put(
    '/checkout-sessions/:id/chain-transaction',
    {
      config: { idempotent: true },
      schema: {
        params: sessionParams,
        body: chainTransactionBodySchema,
        response: { 200: chainTransactionResponseSchema },
      },
    },
    async (request) => ({
      paymentIntent: await reportChainTransfer(deps, {
        sessionId: request.params.id,
        txHash: request.body.tx_hash,
        actor: checkoutActor(request),
      }),
    }),
  );

  const changed = { 200: checkoutSessionChangeSchema };

  app.put(
    '/checkout-sessions/:id/upsell',
    { schema: { params: sessionParams, body: upsellBodySchema, response: changed } },
    async (request) =>
      upsellSession(deps, { sessionId: request.params.id, actor: checkoutActor(request), ...request.body }),
  );

  app.put(
    '/checkout-sessions/:id/downsell',
    { schema: { params: sessionParams, body: downsellBodySchema, response: changed } },
    async (request) =>
      downsellSession(deps, {
        sessionId: request.params.id,
        actor: checkoutActor(request),
        from: request.body.from,
      }),
  );

  app.get(
    '/checkout-sessions/:id/cross-sell',
    { schema: { params: sessionParams, response: { 200: crossSellOfferSchema } } },
    async (request) => getCrossSellOffer(deps, request.params.id),
  );

  app.put(
    '/checkout-sessions/:id/cross-sell',
    { schema: { params: sessionParams, body: crossSellBodySchema, response: changed } },
    async (request) =>
      addCrossSell(deps, {
        sessionId: request.params.id,
        actor: checkoutActor(request),
        to: request.body.to,
      }),
  );

  app.delete(
    '/checkout-sessions/:id/cross-sell',
    { schema: { params: sessionParams, response: changed } },
    async (request) => removeCrossSell(deps, { sessionId: request.params.id, actor: checkoutActor(request) }),
  );

  app.put(
    '/checkout-sessions/:id/amount',
    { schema: { params: sessionParams, body: customAmountBodySchema, response: changed } },
    async (request) =>
      setCustomAmount(deps, { sessionId: request.params.id, actor: checkoutActor(request), ...request.body }),
  );
}
