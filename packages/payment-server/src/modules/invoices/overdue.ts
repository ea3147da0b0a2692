import {
  idSchema,
  type Customer,
  type Invoice,
  type OverdueInvoicesResponse,
  type Subscription,
} from '@bazaar/schemas';
import { AppError, notFound } from '@bazaar/server-kit';
import type { PaymentDb } from '../../db/tables.ts';
import type { PaymentDeps } from '../../deps.ts';
import { findCustomerByDid, getCustomer } from '../customers/service.ts';
import { getSubscription } from '../subscriptions/service.ts';
import { customerNow } from '../test-clocks/service.ts';
import { listOverdueInvoiceRows, type InvoiceRow } from './repository.ts';
import { toInvoices } from './service.ts';

/** Who asks: a customer sees their own overdue invoices, an administrator anyone's. */
export interface OverdueViewer {
  did: string;
  isAdmin: boolean;
}

export type OverdueTarget = { kind: 'subscription' | 'customer'; id: string };

type Summary = OverdueInvoicesResponse['summary'];

/** What is overdue per currency: the amounts still owed, and the method that collects them. */
export function summarizeOverdue(invoices: readonly Invoice[]): Summary {
  const summary: Summary = {};
  for (const invoice of invoices) {
    const entry = summary[invoice.currency_id];
    if (entry) {
      entry.amount = (BigInt(entry.amount) + BigInt(invoice.amount_remaining)).toString();
      continue;
    }
    summary[invoice.currency_id] = {
      amount: invoice.amount_remaining,
      currency: invoice.currency,
      method: invoice.payment_method,
    };
  }
  return summary;
}

async function respond(
  db: PaymentDb,
  input: { rows: readonly InvoiceRow[]; subscription: Subscription | null },
): Promise<OverdueInvoicesResponse> {
  const invoices = await toInvoices(db, input.rows);
  const subscriptionIds = new Set(invoices.flatMap((invoice) => invoice.subscription_id ?? []));
  return {
    subscription: input.subscription,
    summary: summarizeOverdue(invoices),
    invoices,
    subscriptionCount: subscriptionIds.size,
  };
}

/** A customer id, or for the signed-in payer's convenience their DID in this mode. */
async function getTargetCustomer(db: PaymentDb, id: string, livemode: boolean): Promise<Customer | null> {
  return idSchema('customer').safeParse(id).success
    ? getCustomer(db, id)
    : findCustomerByDid(db, id, livemode);
}

/**
 * `GET /subscriptions/{id}/overdue/invoices` and `GET /customers/{id}/overdue/invoices`: the
 * invoices that block new purchases (uncollectible, or open past their due date in the
 * customer's own time), summed per currency. Someone else's subscription or customer answers
 * like a missing one.
 */
export async function getOverdueInvoices(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: { target: OverdueTarget; viewer: OverdueViewer; livemode: boolean },
): Promise<OverdueInvoicesResponse> {
  const { db } = deps;
  const { target, viewer } = input;
  const id = target.id.trim();
  if (!id) {
    throw new AppError('OVERDUE_TARGET_REQUIRED', 'Either subscriptionId or customerId must be provided');
  }
  const isVisible = (customer: Customer) => viewer.isAdmin || customer.did === viewer.did;

  if (target.kind === 'subscription') {
    const subscription = await getSubscription(db, id);
    if (!isVisible(await getCustomer(db, subscription.customer_id))) throw notFound('subscription', id);
    const now = await customerNow(db, deps.clock, subscription.customer_id);
    const rows = await listOverdueInvoiceRows(db, { by: 'subscription_id', id, now });
    return respond(db, { rows, subscription });
  }

  const customer = await getTargetCustomer(db, id, input.livemode);
  if (!customer) {
    // A payer who never bought anything owes nothing; a stranger's DID stays unanswered.
    if (viewer.isAdmin || id === viewer.did) return respond(db, { rows: [], subscription: null });
    throw notFound('customer', id);
  }
  if (!isVisible(customer)) throw notFound('customer', id);
  const now = await customerNow(db, deps.clock, customer.id);
  const rows = await listOverdueInvoiceRows(db, { by: 'customer_id', id: customer.id, now });
  return respond(db, { rows, subscription: null });
}
