import {
  createRefundBodySchema,
  idSchema,
  listRefundsQuerySchema,
  paginatedSchema,
  refundSchema,
} from '@bazaar/schemas';
import type { ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import { createRefund } from '../../flows/refund-payment.ts';
import { adminOnly } from '../../http/admin-only.ts';
import { livemodeQuery } from '../../http/livemode-query.ts';
import { getRefund, listRefunds } from './service.ts';

/** Refunds, for admins: give back a payment in full or in part, and list what was given back. */
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
    '/refunds',
    {
      ...adminOnly,
      schema: {
        querystring: listRefundsQuerySchema.extend({ livemode: livemodeQuery }),
        response: { 200: paginatedSchema(refundSchema) },
      },
    },
    async (request) => listRefunds(deps.db, request.query),
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
