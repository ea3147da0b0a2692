import { resolveLocale } from '@bazaar/i18n';
import {
  adminInvoiceSchema,
  collectOverdueBodySchema,
  collectOverdueResponseSchema,
  createInvoiceBodySchema,
  exportInvoicesQuerySchema,
  idSchema,
  listInvoicesQuerySchema,
  listedInvoiceSchema,
  subscriptionSchema,
  overdueInvoicesResponseSchema,
  paginatedSchema,
  payInvoiceResponseSchema,
  updateInvoiceBodySchema,
} from '@bazaar/schemas';
import { requireUser, sendCsv, type ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import {
  finalizeInvoice,
  markInvoiceUncollectible,
  voidInvoiceByAdmin,
} from '../../flows/invoice-lifecycle.ts';
import { collectOverdueByChain } from '../../flows/collect-overdue-by-chain.ts';
import { startInvoicePayment } from '../../flows/pay-invoice.ts';
import { adminOnly } from '../../http/admin-only.ts';
import { exportFileName } from '../../http/csv-cells.ts';
import { livemodeQuery } from '../../http/livemode-query.ts';
import { isPaymentAdmin } from '../../admins.ts';
import { createDraftInvoice, updateDraftInvoice } from './drafts.ts';
import { getOverdueInvoices } from './overdue.ts';
import { INVOICE_CSV_COLUMNS } from './export-columns.ts';
import { exportInvoices, getVisibleInvoice, getVisibleInvoicePdf, listVisibleInvoices } from './service.ts';

const adminParams = z.object({ id: idSchema('invoice') });
const adminResponse = { 200: adminInvoiceSchema };

export function registerInvoiceRoutes(app: ZodApp, deps: PaymentDeps) {
  app.get(
    '/invoices',
    {
      schema: {
        querystring: listInvoicesQuerySchema.extend({ livemode: livemodeQuery }),
        response: {
          200: paginatedSchema(listedInvoiceSchema).extend({ subscription: subscriptionSchema.optional() }),
        },
      },
    },
    async (request) => listVisibleInvoices(deps.db, { user: requireUser(request), query: request.query }),
  );

  app.get(
    '/invoices/:id',
    {
      schema: {
        params: z.object({ id: z.string().min(1).max(100) }),
        // An admin also reads a draft's terms, to edit it, and when it was sent; a payer gets the invoice alone.
        response: { 200: adminInvoiceSchema.partial({ days_until_due: true, finalized_at: true }) },
      },
    },
    async (request) => getVisibleInvoice(deps.db, { id: request.params.id, user: requireUser(request) }),
  );

  app.get(
    '/invoices/export.csv',
    { ...adminOnly, schema: { querystring: exportInvoicesQuerySchema.extend({ livemode: livemodeQuery }) } },
    async (request, reply) =>
      sendCsv(reply, {
        fileName: exportFileName('invoices', request.query.livemode),
        columns: INVOICE_CSV_COLUMNS,
        list: await exportInvoices(deps.db, request.query),
      }),
  );

  app.get(
    '/invoices/:id/pdf',
    {
      schema: {
        params: z.object({ id: z.string().min(1).max(100) }),
        querystring: z.object({ locale: z.string().max(20).optional() }),
      },
    },
    async (request, reply) => {
      const { fileName, bytes } = await getVisibleInvoicePdf(deps, {
        id: request.params.id,
        user: requireUser(request),
        locale: resolveLocale(request.query.locale),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  // The admin side of the lifecycle, as Stripe's invoice API: draft → open → paid, or void or
  // uncollectible on the merchant's word.
  app.post(
    '/invoices',
    { ...adminOnly, schema: { body: createInvoiceBodySchema, response: adminResponse } },
    async (request) => createDraftInvoice(deps, request.body),
  );
  app.put(
    '/invoices/:id',
    { ...adminOnly, schema: { params: adminParams, body: updateInvoiceBodySchema, response: adminResponse } },
    async (request) => updateDraftInvoice(deps, { id: request.params.id, body: request.body }),
  );
  app.post(
    '/invoices/:id/finalize',
    { ...adminOnly, schema: { params: adminParams, response: adminResponse } },
    async (request) => finalizeInvoice(deps, request.params.id),
  );
  app.post(
    '/invoices/:id/void',
    { ...adminOnly, schema: { params: adminParams, response: adminResponse } },
    async (request) => voidInvoiceByAdmin(deps, request.params.id),
  );
  app.post(
    '/invoices/:id/mark-uncollectible',
    { ...adminOnly, schema: { params: adminParams, response: adminResponse } },
    async (request) => markInvoiceUncollectible(deps, request.params.id),
  );

  app.post(
    '/invoices/collect-batch',
    {
      config: { idempotent: true },
      schema: {
        body: collectOverdueBodySchema,
        querystring: z.object({ livemode: livemodeQuery }),
        response: { 200: collectOverdueResponseSchema },
      },
    },
    async (request) => {
      const { subscription_id: subscriptionId, invoice_id: invoiceId, currency_id } = request.body;
      return collectOverdueByChain(deps, {
        target: subscriptionId
          ? { kind: 'subscription', id: subscriptionId }
          : invoiceId
            ? { kind: 'invoice', id: invoiceId }
            : { kind: 'customer', id: request.body.customer_id! },
        currencyId: currency_id,
        user: requireUser(request),
        livemode: request.query.livemode,
      });
    },
  );

  app.post(
    '/invoices/:id/pay',
    {
      config: { idempotent: true },
      schema: {
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: payInvoiceResponseSchema },
      },
    },
    async (request) =>
      startInvoicePayment(deps, { invoiceId: request.params.id, payerDid: requireUser(request).did }),
  );

  // An empty id still reaches the handler, which answers "Either subscriptionId or customerId must
  // be provided" rather than a bare validation error.
  for (const kind of ['subscription', 'customer'] as const) {
    app.get(
      `/${kind}s/:id/overdue/invoices`,
      {
        schema: {
          params: z.object({ id: z.string().max(200) }),
          querystring: z.object({ livemode: livemodeQuery }),
          response: { 200: overdueInvoicesResponseSchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        return getOverdueInvoices(deps, {
          target: { kind, id: request.params.id },
          viewer: { did: user.did, isAdmin: isPaymentAdmin(user) },
          livemode: request.query.livemode,
        });
      },
    );
  }
}
