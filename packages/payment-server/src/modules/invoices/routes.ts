import {
  invoiceSchema,
  listInvoicesQuerySchema,
  overdueInvoicesResponseSchema,
  paginatedSchema,
  payInvoiceResponseSchema,
  type SessionUser,
} from '@bazaar/schemas';
import { AppError, requireUser, type ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import { startInvoicePayment } from '../../flows/pay-invoice.ts';
import { getCustomer } from '../customers/service.ts';
import { livemodeQuery } from '../../http/livemode-query.ts';
import { getOverdueInvoices } from './overdue.ts';
import { getInvoice, listVisibleInvoices } from './service.ts';

/** Roles that administer the Payment Kit (payment-kit.md §6) and so see every invoice. */
const ADMIN_ROLES = new Set(['owner', 'admin', 'developer']);

function isAdmin(user: SessionUser): boolean {
  return user.passports.some((passport) => ADMIN_ROLES.has(passport.role));
}

export function registerInvoiceRoutes(app: ZodApp, deps: PaymentDeps) {
  app.get(
    '/invoices',
    {
      schema: {
        querystring: listInvoicesQuerySchema.extend({ livemode: livemodeQuery }),
        response: { 200: paginatedSchema(invoiceSchema) },
      },
    },
    async (request) => listVisibleInvoices(deps.db, { user: requireUser(request), query: request.query }),
  );

  app.get(
    '/invoices/:id',
    {
      schema: {
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: invoiceSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const invoice = await getInvoice(deps.db, request.params.id);
      const customer = await getCustomer(deps.db, invoice.customer_id);
      // Someone else's invoice answers like a missing one, so ids can't be probed.
      if (customer.did !== user.did && !isAdmin(user)) {
        throw new AppError('NOT_FOUND', `No such invoice: ${request.params.id}`);
      }
      return invoice;
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

  // An empty id still reaches the handler, which names what is missing (payment-kit.md §8).
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
          viewer: { did: user.did, isAdmin: isAdmin(user) },
          livemode: request.query.livemode,
        });
      },
    );
  }
}
