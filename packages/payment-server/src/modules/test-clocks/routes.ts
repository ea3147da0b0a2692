import {
  adminTestClockDetailsSchema,
  adminTestClockSchema,
  advanceTestClockBodySchema,
  attachTestClockBodySchema,
  createTestClockBodySchema,
  idSchema,
  invoiceSchema,
  paginatedSchema,
  paginationQuerySchema,
} from '@bazaar/schemas';
import { sendCsv, type ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import { adminOnly } from '../../http/admin-only.ts';
import { exportFileName } from '../../http/csv-cells.ts';
import { livemodeQuery } from '../../http/livemode-query.ts';
import {
  ADVANCE_REQUEST_BUDGET_MS,
  advanceTestClock,
  listAdvanceInvoices,
} from '../../flows/advance-test-clock.ts';
import { TEST_CLOCK_CSV_COLUMNS } from './export-columns.ts';
import {
  attachTestClockCustomer,
  createTestClock,
  exportTestClocks,
  getTestClockDetails,
  listTestClocks,
} from './service.ts';

const params = z.object({ id: idSchema('testClock') });
const response = { 200: adminTestClockSchema };

/** Test clocks (test mode only): time a test controls, for customers attached to it. */
export function registerTestClockRoutes(app: ZodApp, deps: PaymentDeps) {
  app.post(
    '/test-clocks',
    { ...adminOnly, schema: { body: createTestClockBodySchema, response } },
    async (request) => createTestClock(deps, request.body),
  );
  app.get(
    '/test-clocks',
    {
      ...adminOnly,
      schema: {
        querystring: paginationQuerySchema.extend({ livemode: livemodeQuery }),
        response: { 200: paginatedSchema(adminTestClockSchema) },
      },
    },
    // Live mode has no clocks: its time is the world's.
    async (request) =>
      request.query.livemode ? { list: [], count: 0 } : listTestClocks(deps.db, request.query),
  );
  app.get(
    '/test-clocks/export.csv',
    { ...adminOnly, schema: { querystring: z.object({ livemode: livemodeQuery }) } },
    async (request, reply) =>
      sendCsv(reply, {
        fileName: exportFileName('test-clocks', request.query.livemode),
        columns: TEST_CLOCK_CSV_COLUMNS,
        list: await exportTestClocks(deps.db, request.query.livemode),
      }),
  );
  app.get(
    '/test-clocks/:id',
    { ...adminOnly, schema: { params, response: { 200: adminTestClockDetailsSchema } } },
    async (request) => getTestClockDetails(deps.db, request.params.id),
  );
  app.get(
    '/test-clocks/:id/invoices',
    {
      ...adminOnly,
      schema: {
        params,
        querystring: paginationQuerySchema,
        response: { 200: paginatedSchema(invoiceSchema) },
      },
    },
    async (request) => listAdvanceInvoices(deps.db, { id: request.params.id, ...request.query }),
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
      advanceTestClock(deps, {
        testClockId: request.params.id,
        frozenTime: request.body.frozen_time,
        budgetMs: ADVANCE_REQUEST_BUDGET_MS,
      }),
  );
}
