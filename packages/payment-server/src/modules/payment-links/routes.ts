import {
  adminPaymentLinkSchema,
  benefitsQuerySchema,
  benefitsResponseSchema,
  createPaymentLinkBodySchema,
  exportPaymentLinksQuerySchema,
  idSchema,
  listPaymentLinksQuerySchema,
  paginatedSchema,
  updatePaymentLinkBodySchema,
} from '@bazaar/schemas';
import { sendCsv, type ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import { adminOnly } from '../../http/admin-only.ts';
import { exportFileName } from '../../http/csv-cells.ts';
import { livemodeQuery } from '../../http/livemode-query.ts';
import {
  createPaymentLink,
  exportPaymentLinks,
  listPaymentLinks,
  retrievePaymentLink,
  updatePaymentLink,
} from './admin-service.ts';
import { PAYMENT_LINK_CSV_COLUMNS } from './export-columns.ts';
import { listBenefits } from './service.ts';

const params = z.object({ id: idSchema('paymentLink') });

/** Admin CRUD for payment links (archive with `PUT { active: false }`), and a donation link's public benefits. */
export function registerPaymentLinkRoutes(app: ZodApp, deps: PaymentDeps) {
  app.get(
    '/payment-links/:id/benefits',
    { schema: { params, querystring: benefitsQuerySchema, response: { 200: benefitsResponseSchema } } },
    async (request) =>
      listBenefits(deps.db, {
        paymentLinkId: request.params.id,
        amount: request.query.amount === undefined ? null : BigInt(request.query.amount),
      }),
  );
  app.post(
    '/payment-links',
    {
      ...adminOnly,
      schema: { body: createPaymentLinkBodySchema, response: { 200: adminPaymentLinkSchema } },
    },
    async (request) => createPaymentLink(deps, request.body),
  );
  app.get(
    '/payment-links',
    {
      ...adminOnly,
      schema: {
        querystring: listPaymentLinksQuerySchema.extend({ livemode: livemodeQuery }),
        response: { 200: paginatedSchema(adminPaymentLinkSchema) },
      },
    },
    async (request) => listPaymentLinks(deps.db, request.query),
  );
  app.get(
    '/payment-links/export.csv',
    {
      ...adminOnly,
      schema: { querystring: exportPaymentLinksQuerySchema.extend({ livemode: livemodeQuery }) },
    },
    async (request, reply) =>
      sendCsv(reply, {
        fileName: exportFileName('payment-links', request.query.livemode),
        columns: PAYMENT_LINK_CSV_COLUMNS,
        list: await exportPaymentLinks(deps.db, request.query),
      }),
  );
  app.get(
    '/payment-links/:id',
    { ...adminOnly, schema: { params, response: { 200: adminPaymentLinkSchema } } },
    async (request) => retrievePaymentLink(deps.db, request.params.id),
  );
  app.put(
    '/payment-links/:id',
    {
      ...adminOnly,
      schema: { params, body: updatePaymentLinkBodySchema, response: { 200: adminPaymentLinkSchema } },
    },
    async (request) => updatePaymentLink(deps.db, request.params.id, request.body),
  );
}
