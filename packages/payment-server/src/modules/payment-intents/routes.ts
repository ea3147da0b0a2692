import {
  adminPaymentSchema,
  exportPaymentIntentsQuerySchema,
  idSchema,
  listPaymentIntentsQuerySchema,
  paginatedSchema,
  paymentSearchQuerySchema,
  listedPaymentSchema,
  stripeConfirmBodySchema,
  testCardAuthenticateBodySchema,
  testCardConfirmBodySchema,
  testCardResultSchema,
} from '@bazaar/schemas';
import { requireUser, sendCsv, type ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import { confirmStripePayment } from '../../flows/pay-by-stripe.ts';
import { getAdminPayment } from '../../flows/payment-details.ts';
import { authenticateTestCard, confirmTestCard } from '../../flows/pay-by-test-card.ts';
import { adminOnly } from '../../http/admin-only.ts';
import { exportFileName } from '../../http/csv-cells.ts';
import { livemodeQuery } from '../../http/livemode-query.ts';
import { PAYMENT_CSV_COLUMNS } from './export-columns.ts';
import { exportPaymentIntents, listVisiblePaymentIntents } from './service.ts';

const intentParams = z.object({ id: idSchema('paymentIntent') });

/**
 * The card step's calls to the kit once the payer has confirmed: the test card network's confirm
 * and authenticate (its card form posts the card here), and Stripe's (Stripe.js confirmed on the
 * page; the kit reads the outcome from Stripe). Anyone holding the intent's client secret may call them.
 */
export function registerCardRoutes(app: ZodApp, deps: PaymentDeps) {
  app.post(
    '/test-card/payment-intents/:id/confirm',
    {
      config: { idempotent: true },
      schema: {
        params: intentParams,
        body: testCardConfirmBodySchema,
        response: { 200: testCardResultSchema },
      },
    },
    async (request) => confirmTestCard(deps, { paymentIntentId: request.params.id, body: request.body }),
  );
  app.post(
    '/test-card/payment-intents/:id/authenticate',
    {
      config: { idempotent: true },
      schema: {
        params: intentParams,
        body: testCardAuthenticateBodySchema,
        response: { 200: testCardResultSchema },
      },
    },
    async (request) => authenticateTestCard(deps, { paymentIntentId: request.params.id, body: request.body }),
  );
  app.post(
    '/stripe/payment-intents/:id/confirm',
    {
      schema: {
        params: intentParams,
        body: stripeConfirmBodySchema,
        response: { 200: testCardResultSchema },
      },
    },
    async (request) =>
      confirmStripePayment(deps, {
        paymentIntentId: request.params.id,
        clientSecret: request.body.client_secret,
      }),
  );
}

/**
 * The payer's payments (an admin's: anyone's), for the customer area's payment history; an admin's
 * look at one payment; the export of a list.
 */
export function registerPaymentIntentRoutes(app: ZodApp, deps: PaymentDeps) {
  app.get(
    '/payment-intents/export.csv',
    {
      ...adminOnly,
      schema: {
        querystring: exportPaymentIntentsQuerySchema.extend({
          q: paymentSearchQuerySchema.shape.q,
          livemode: livemodeQuery,
        }),
      },
    },
    async (request, reply) =>
      sendCsv(reply, {
        fileName: exportFileName('payments', request.query.livemode),
        columns: PAYMENT_CSV_COLUMNS,
        list: await exportPaymentIntents(deps.db, request.query),
      }),
  );

  app.get(
    '/payment-intents/:id',
    {
      ...adminOnly,
      schema: {
        params: intentParams,
        querystring: z.object({ livemode: livemodeQuery }),
        response: { 200: adminPaymentSchema },
      },
    },
    async (request) => getAdminPayment(deps.db, { id: request.params.id, livemode: request.query.livemode }),
  );

  app.get(
    '/payment-intents',
    {
      schema: {
        querystring: listPaymentIntentsQuerySchema.extend({
          ...paymentSearchQuerySchema.shape,
          livemode: livemodeQuery,
        }),
        response: { 200: paginatedSchema(listedPaymentSchema) },
      },
    },
    async (request) =>
      listVisiblePaymentIntents(deps.db, { user: requireUser(request), query: request.query }),
  );
}
