import {
  listUsageRecordsQuerySchema,
  paginatedSchema,
  usageRecordBodySchema,
  usageRecordSchema,
  usageRecordSummaryQuerySchema,
  usageRecordSummarySchema,
} from '@bazaar/schemas';
import type { ZodApp } from '@bazaar/server-kit';
import type { PaymentDeps } from '../../deps.ts';
import { recordUsage } from '../../flows/record-usage.ts';
import { adminOnly } from '../../http/admin-only.ts';
import { listUsageRecords, summarizeUsage } from './service.ts';

/** Metered usage, reported by the seller's server (an admin role), never by the customer. */
export function registerUsageRecordRoutes(app: ZodApp, deps: PaymentDeps) {
  app.post(
    '/usage-records',
    {
      ...adminOnly,
      config: { idempotent: true },
      schema: { body: usageRecordBodySchema, response: { 200: usageRecordSchema } },
    },
    async (request) => recordUsage(deps, request.body),
  );
  app.get(
    '/usage-records',
    {
      ...adminOnly,
      schema: {
        querystring: listUsageRecordsQuerySchema,
        response: { 200: paginatedSchema(usageRecordSchema) },
      },
    },
    async (request) =>
      listUsageRecords(deps.db, {
        itemId: request.query.subscription_item_id,
        page: request.query.page,
        pageSize: request.query.pageSize,
      }),
  );
  app.get(
    '/usage-records/summary',
    {
      ...adminOnly,
      schema: { querystring: usageRecordSummaryQuerySchema, response: { 200: usageRecordSummarySchema } },
    },
    async (request) => summarizeUsage(deps.db, request.query.subscription_item_id),
  );
}
