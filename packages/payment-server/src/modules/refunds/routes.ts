import {
  exportRefundsQuerySchema,
  createRefundBodySchema,
  idSchema,
  listRefundsQuerySchema,
  listedRefundSchema,
  paginatedSchema,
  refundSchema,
} from '@bazaar/schemas';
import { requireUser, sendCsv, type ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import { createRefund } from '../../flows/refund-payment.ts';
import { adminOnly } from '../../http/admin-only.ts';
import { exportFileName } from '../../http/csv-cells.ts';
import { livemodeQuery } from '../../http/livemode-query.ts';
import { REFUND_CSV_COLUMNS } from './export-columns.ts';
import { exportRefunds, getRefund, listVisibleRefunds } from './service.ts';

/**
 * Refunds: admins give back a payment in full or in part and see what was given back; a payer
 * lists the refunds of their own payments.
 */
export function registerRefundRoutes(app: ZodApp, deps: PaymentDeps) {
  app.post(
    '/refunds',
    {
      ...adminOnly,
      config: { idempotent: true },
      schema: { body: createRefundBodySchema, response: { 200: refundSchema } },
    },
    async (request) => createRefund(deps, request.body),
  );
  app.get(
    '/refunds/export.csv',
    { ...adminOnly, schema: { querystring: exportRefundsQuerySchema.extend({ livemode: livemodeQuery }) } },
    async (request, reply) =>
      sendCsv(reply, {
        fileName: exportFileName('refunds', request.query.livemode),
        columns: REFUND_CSV_COLUMNS,
        list: await exportRefunds(deps.db, request.query),
      }),
  );

  app.get(
    '/refunds',
    {
      schema: {
        querystring: listRefundsQuerySchema.extend({ livemode: livemodeQuery }),
        response: { 200: paginatedSchema(listedRefundSchema) },
      },
    },
    async (request) => listVisibleRefunds(deps.db, { user: requireUser(request), query: request.query }),
  );
  app.get(
    '/refunds/:id',
    {
      ...adminOnly,
      schema: { params: z.object({ id: idSchema('refund') }), response: { 200: refundSchema } },
    },
    async (request) => getRefund(deps.db, request.params.id),
  );
}
