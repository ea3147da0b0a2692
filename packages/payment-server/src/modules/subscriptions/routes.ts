import { idSchema, listSubscriptionsQuerySchema, paginatedSchema, subscriptionSchema } from '@bazaar/schemas';
import { requireUser, type ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import { livemodeQuery } from '../../http/livemode-query.ts';
import { findSubscriptionForUser } from './access.ts';
import { listVisibleSubscriptions, toSubscription } from './service.ts';

const params = z.object({ id: idSchema('subscription') });

/** A payer's own subscriptions (an admin's: anyone's), and what can be done with them. */
export function registerSubscriptionRoutes(app: ZodApp, deps: PaymentDeps) {
  app.get(
    '/subscriptions',
    {
      schema: {
        querystring: listSubscriptionsQuerySchema.extend({ livemode: livemodeQuery }),
        response: { 200: paginatedSchema(subscriptionSchema) },
      },
    },
    async (request) =>
      listVisibleSubscriptions(deps.db, { user: requireUser(request), query: request.query }),
  );
  app.get(
    '/subscriptions/:id',
    { schema: { params, response: { 200: subscriptionSchema } } },
    async (request) =>
      toSubscription(
        deps.db,
        await findSubscriptionForUser(deps.db, { id: request.params.id, user: requireUser(request) }),
      ),
  );
}
