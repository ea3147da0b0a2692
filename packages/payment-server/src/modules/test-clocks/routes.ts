import {
  advanceTestClockBodySchema,
  attachTestClockBodySchema,
  createTestClockBodySchema,
  idSchema,
  testClockSchema,
} from '@bazaar/schemas';
import type { ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import { adminOnly } from '../../http/admin-only.ts';
import { advanceTestClock } from '../../flows/advance-test-clock.ts';
import { attachTestClockCustomer, createTestClock, getTestClock } from './service.ts';

const params = z.object({ id: idSchema('testClock') });
const response = { 200: testClockSchema };

/** Test clocks (test mode only): time a test controls, for customers attached to it. */
export function registerTestClockRoutes(app: ZodApp, deps: PaymentDeps) {
  app.post(
    '/test-clocks',
    { ...adminOnly, schema: { body: createTestClockBodySchema, response } },
    async (request) => createTestClock(deps, request.body),
  );
  app.get('/test-clocks/:id', { ...adminOnly, schema: { params, response } }, async (request) =>
    getTestClock(deps.db, request.params.id),
  );
  app.post(
    '/test-clocks/:id/customers',
    { ...adminOnly, schema: { params, body: attachTestClockBodySchema, response } },
    async (request) =>
      attachTestClockCustomer(deps, { testClockId: request.params.id, customerId: request.body.customer_id }),
  );
  app.post(
    '/test-clocks/:id/advance',
    { ...adminOnly, schema: { params, body: advanceTestClockBodySchema, response } },
    async (request) =>
      advanceTestClock(deps, { testClockId: request.params.id, frozenTime: request.body.frozen_time }),
  );
}
