import {
  idSchema,
  testCardAuthenticateBodySchema,
  testCardConfirmBodySchema,
  testCardResultSchema,
} from '@bazaar/schemas';
import type { ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import { authenticateTestCard, confirmTestCard } from '../../flows/pay-by-test-card.ts';

const intentParams = z.object({ id: idSchema('paymentIntent') });

/** The test card network's confirm step, which the checkout and invoice pages call in test mode. */
export function registerTestCardRoutes(app: ZodApp, deps: PaymentDeps) {
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
}
