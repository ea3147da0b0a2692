import {
  exportSubscriptionsQuerySchema,
  cancelSubscriptionBodySchema,
  cardSetupResponseSchema,
  changePlanBodySchema,
  changePlanResponseSchema,
  idSchema,
  listedSubscriptionSchema,
  listSubscriptionsQuerySchema,
  paginatedSchema,
  planChangeOptionSchema,
  planChangePreviewSchema,
  subscriptionSchema,
} from '@bazaar/schemas';
import { requireUser, sendCsv, type ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import { adminOnly } from '../../http/admin-only.ts';
import { exportFileName } from '../../http/csv-cells.ts';
import { livemodeQuery } from '../../http/livemode-query.ts';
import { changeSubscriptionPlan } from '../../flows/change-subscription-plan.ts';
import { getSubscriptionForUser } from './access.ts';
import { cancelSubscription, resumeSubscription } from '../../flows/cancel-subscription.ts';
import { startCardSetup } from './change-payment-method.ts';
import { listPlanChangeOptions, previewSubscriptionPlanChange } from './change-plan.ts';
import { SUBSCRIPTION_CSV_COLUMNS } from './export-columns.ts';
import { exportSubscriptions, listVisibleSubscriptions, toListedSubscription } from './service.ts';

const params = z.object({ id: idSchema('subscription') });

/** A payer's own subscriptions (an admin's: anyone's), and what can be done with them. */
export function registerSubscriptionRoutes(app: ZodApp, deps: PaymentDeps) {
  app.get(
    '/subscriptions/export.csv',
    {
      ...adminOnly,
      schema: { querystring: exportSubscriptionsQuerySchema.extend({ livemode: livemodeQuery }) },
    },
    async (request, reply) =>
      sendCsv(reply, {
        fileName: exportFileName('subscriptions', request.query.livemode),
        columns: SUBSCRIPTION_CSV_COLUMNS,
        list: await exportSubscriptions(deps.db, request.query),
      }),
  );

  app.get(
    '/subscriptions',
    {
      schema: {
        querystring: listSubscriptionsQuerySchema.extend({ livemode: livemodeQuery }),
        response: { 200: paginatedSchema(listedSubscriptionSchema) },
      },
    },
    async (request) =>
      listVisibleSubscriptions(deps.db, { user: requireUser(request), query: request.query }),
  );
  app.get(
    '/subscriptions/:id',
    { schema: { params, response: { 200: listedSubscriptionSchema } } },
    async (request) =>
      toListedSubscription(
        deps.db,
        await getSubscriptionForUser(deps.db, { id: request.params.id, user: requireUser(request) }),
      ),
  );
  registerSubscriptionActionRoutes(app, deps);
}

/** Cancel, resume, change plan and change card: the customer on their own, an admin on any. */
function registerSubscriptionActionRoutes(app: ZodApp, deps: PaymentDeps) {
  app.put(
    '/subscriptions/:id/cancel',
    { schema: { params, body: cancelSubscriptionBodySchema, response: { 200: subscriptionSchema } } },
    async (request) =>
      cancelSubscription(deps, { id: request.params.id, user: requireUser(request), body: request.body }),
  );
  // The spec's customer area calls it recover; Stripe-minded callers say resume.
  for (const action of ['resume', 'recover']) {
    app.put(
      `/subscriptions/:id/${action}`,
      { schema: { params, response: { 200: subscriptionSchema } } },
      async (request) => resumeSubscription(deps, { id: request.params.id, user: requireUser(request) }),
    );
  }
  app.get(
    '/subscriptions/:id/change-plan/options',
    { schema: { params, response: { 200: z.array(planChangeOptionSchema) } } },
    async (request) => listPlanChangeOptions(deps, { id: request.params.id, user: requireUser(request) }),
  );
  app.post(
    '/subscriptions/:id/change-plan/preview',
    { schema: { params, body: changePlanBodySchema, response: { 200: planChangePreviewSchema } } },
    async (request) =>
      previewSubscriptionPlanChange(deps, {
        id: request.params.id,
        user: requireUser(request),
        body: request.body,
      }),
  );
  app.put(
    '/subscriptions/:id/change-plan',
    {
      config: { idempotent: true },
      schema: { params, body: changePlanBodySchema, response: { 200: changePlanResponseSchema } },
    },
    async (request) =>
      changeSubscriptionPlan(deps, { id: request.params.id, user: requireUser(request), body: request.body }),
  );
  app.post(
    '/subscriptions/:id/payment-method',
    { config: { idempotent: true }, schema: { params, response: { 200: cardSetupResponseSchema } } },
    async (request) => startCardSetup(deps, { id: request.params.id, user: requireUser(request) }),
  );
}
