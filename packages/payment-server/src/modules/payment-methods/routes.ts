import {
  adminPaymentCurrencySchema,
  adminPaymentMethodSchema,
  createPaymentCurrencyBodySchema,
  createPaymentMethodBodySchema,
  idSchema,
  listPaymentCurrenciesQuerySchema,
  listPaymentMethodsQuerySchema,
  paginatedSchema,
  settingsResponseSchema,
  updatePaymentCurrencyBodySchema,
  updatePaymentMethodBodySchema,
} from '@bazaar/schemas';
import { useZod, type ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import { receiveStripeWebhook } from '../../flows/pay-by-stripe.ts';
import { adminOnly } from '../../http/admin-only.ts';
import { livemodeQuery } from '../../http/livemode-query.ts';
import {
  createPaymentCurrency,
  createPaymentMethod,
  listAdminPaymentMethods,
  listPaymentCurrencies,
  retrievePaymentCurrency,
  retrievePaymentMethod,
  updatePaymentCurrency,
  updatePaymentMethod,
} from './admin-service.ts';
import { getSettings } from './service.ts';

const methodParams = z.object({ id: idSchema('paymentMethod') });
const currencyParams = z.object({ id: idSchema('paymentCurrency') });

export function registerPaymentMethodRoutes(app: ZodApp, deps: PaymentDeps) {
  app.get(
    '/settings',
    {
      schema: {
        querystring: z.object({ livemode: livemodeQuery }),
        response: { 200: settingsResponseSchema },
      },
    },
    async (request) => getSettings(deps.db, request.query.livemode),
  );

  app.post(
    '/payment-methods',
    {
      ...adminOnly,
      schema: { body: createPaymentMethodBodySchema, response: { 200: adminPaymentMethodSchema } },
    },
    async (request) => createPaymentMethod(deps, request.body),
  );
  app.get(
    '/payment-methods',
    {
      ...adminOnly,
      schema: {
        querystring: listPaymentMethodsQuerySchema.extend({ livemode: livemodeQuery }),
        response: { 200: paginatedSchema(adminPaymentMethodSchema) },
      },
    },
    async (request) => listAdminPaymentMethods(deps.db, request.query),
  );
  app.get(
    '/payment-methods/:id',
    { ...adminOnly, schema: { params: methodParams, response: { 200: adminPaymentMethodSchema } } },
    async (request) => retrievePaymentMethod(deps.db, request.params.id),
  );
  app.put(
    '/payment-methods/:id',
    {
      ...adminOnly,
      schema: {
        params: methodParams,
        body: updatePaymentMethodBodySchema,
        response: { 200: adminPaymentMethodSchema },
      },
    },
    async (request) => updatePaymentMethod(deps, request.params.id, request.body),
  );

  app.post(
    '/payment-currencies',
    {
      ...adminOnly,
      schema: { body: createPaymentCurrencyBodySchema, response: { 200: adminPaymentCurrencySchema } },
    },
    async (request) => createPaymentCurrency(deps, request.body),
  );
  app.get(
    '/payment-currencies',
    {
      ...adminOnly,
      schema: {
        querystring: listPaymentCurrenciesQuerySchema.extend({ livemode: livemodeQuery }),
        response: { 200: paginatedSchema(adminPaymentCurrencySchema) },
      },
    },
    async (request) => listPaymentCurrencies(deps.db, request.query),
  );
  app.get(
    '/payment-currencies/:id',
    { ...adminOnly, schema: { params: currencyParams, response: { 200: adminPaymentCurrencySchema } } },
    async (request) => retrievePaymentCurrency(deps.db, request.params.id),
  );
  app.put(
    '/payment-currencies/:id',
    {
      ...adminOnly,
      schema: {
        params: currencyParams,
        body: updatePaymentCurrencyBodySchema,
        response: { 200: adminPaymentCurrencySchema },
      },
    },
    async (request) => updatePaymentCurrency(deps.db, request.params.id, request.body),
  );
}

/**
 * `POST /stripe/webhooks/{methodId}`: where a `stripe` method's Stripe account sends its events
 * (the URL to enter in Stripe's dashboard). Anyone may call it; only a body signed with the
 * method's webhook secret is acted on. The signature covers the exact bytes, so this scope keeps
 * JSON bodies as text.
 */
export async function registerStripeWebhookRoute(app: ZodApp, deps: PaymentDeps) {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    useZod(scope).post(
      '/stripe/webhooks/:methodId',
      {
        schema: {
          params: z.object({ methodId: idSchema('paymentMethod') }),
          body: z.string().max(1_000_000),
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) =>
        receiveStripeWebhook(deps, {
          methodId: request.params.methodId,
          payload: request.body,
          signature: request.headers['stripe-signature'] as string | undefined,
        }),
    );
  });
}
