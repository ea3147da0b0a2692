import { invoiceSchema, type AdminInvoice, type EventPayload } from '@bazaar/schemas';
import { AppError, notFound } from '@bazaar/server-kit';
import { canTransitionInvoice, type InvoiceStatus } from '../billing/invoice-status.ts';
import type { PaymentDb } from '../db/tables.ts';
import type { PaymentDeps } from '../deps.ts';
import { recordEvents } from '../modules/events/service.ts';
import {
  collectionLeaseHolder,
  findInvoiceRow,
  hasEngineLease,
  lockInvoiceRow,
  updateInvoiceRowFrom,
  type InvoiceRow,
} from '../modules/invoices/repository.ts';
import { dueDateOnFinalizing, getAdminInvoice } from '../modules/invoices/service.ts';
import { getSubscriptionRow } from '../modules/subscriptions/service.ts';
import { customerNow } from '../modules/test-clocks/service.ts';
import { collectInvoice } from './collect-invoice.ts';
import { INVOICE_BEING_COLLECTED } from './pay-invoice.ts';
import { settleInvoice } from './settle-invoice.ts';
import { markSubscriptionPastDue } from './subscription-overdue.ts';
import { voidInvoice } from './void-invoice.ts';

/** What an admin's move is called in a refusal: "This invoice is paid and cannot be voided". */
const MOVE_NAMES: Partial<Record<InvoiceStatus, string>> = {
  open: 'finalized',
  void: 'voided',
  uncollectible: 'marked uncollectible',
};

/**
 * Runs an admin's move of an invoice to `to` in one transaction, in the customer's time: the
 * row is locked, so the engine cannot claim it meanwhile, and a move its status does not allow
 * (`canTransitionInvoice`) is refused before anything is written. `move` writes the change and
 * its events. An engine attempt left unrecorded on an open invoice is finished first
 * (`finishInterruptedCollection`).
 */
async function moveInvoice(
  deps: PaymentDeps,
  input: {
    id: string;
    to: InvoiceStatus;
    move: (trx: PaymentDb, row: InvoiceRow, now: number) => Promise<void>;
  },
): Promise<AdminInvoice> {
  const { id, to } = input;
  const found = await findInvoiceRow(deps.db, id);
  if (!found) throw notFound('invoice', id);
  const now = await customerNow(deps.db, deps.clock, found.customer_id);
  await finishInterruptedCollection(deps, found, now);
  await deps.db.transaction().execute(async (trx) => {
    const row = (await lockInvoiceRow(trx, id))!;
    if (!canTransitionInvoice(invoiceSchema.shape.status.parse(row.status), to)) {
      throw new AppError(
        'INVOICE_UNEXPECTED_STATE',
        `This invoice is ${row.status} and cannot be ${MOVE_NAMES[to]}`,
      );
    }
    await input.move(trx, row, now);
  });
  await deps.flushEvents();
  return getAdminInvoice(deps.db, id);
}

/**
 * An engine lease that ran out without being cleared means its worker died between charging the
 * card and recording the outcome, so the money may have been taken. The engine's collection runs
 * again under the same attempt key — the network answers a repeated key with its first answer
 * and never charges twice — and records the outcome; when that paid the invoice, the merchant's
 * move is refused. Only an open invoice is collected by the engine (an uncollectible one was
 * given up by a recorded attempt, which cleared the lease), and a lease that still runs is left
 * for the locked check to refuse. Outside any transaction: it charges.
 */
async function finishInterruptedCollection(deps: PaymentDeps, row: InvoiceRow, now: number) {
  if (row.status !== 'open' || !hasEngineLease(row) || collectionLeaseHolder(row, now)) return;
  if ((await collectInvoice(deps, { invoiceId: row.id, now })) === 'paid') {
    throw new AppError('INVOICE_UNEXPECTED_STATE', 'This invoice was paid by its last collection attempt');
  }
}

/** Records `payloads` about `row`'s invoice, the first with the invoice's reference as its data. */
function recordInvoiceEvents(
  trx: PaymentDb,
  row: InvoiceRow,
  input: {
    type: 'invoice.finalized' | 'invoice.marked_uncollectible';
    more?: readonly EventPayload[];
    now: number;
  },
) {
  const data = { id: row.id, customer_id: row.customer_id, subscription_id: row.subscription_id };
  return recordEvents(trx, {
    now: input.now,
    livemode: row.livemode === 1,
    payloads: [{ type: input.type, data }, ...(input.more ?? [])],
  });
}

/**
 * `POST /invoices/{id}/finalize`: a draft is sent — open, due `days_until_due` days from now
 * in the customer's time, and the payer can see and pay it. Nothing collects it automatically
 * (a manual invoice names no saved card); one that owes nothing is paid at once.
 */
export async function finalizeInvoice(deps: PaymentDeps, id: string): Promise<AdminInvoice> {
  return moveInvoice(deps, {
    id,
    to: 'open',
    move: async (trx, row, now) => {
      await updateInvoiceRowFrom(trx, {
        id,
        from: ['draft'],
        changes: { status: 'open', due_date: dueDateOnFinalizing(row, now) },
      });
      await recordInvoiceEvents(trx, row, { type: 'invoice.finalized', now });
      // Owing nothing, it is paid as it is sent, as createInvoice pays such an invoice as it is written.
      if (BigInt(row.amount_remaining) === 0n) {
        await settleInvoice(trx, { invoiceId: id, paymentIntentId: null, now });
      }
    },
  });
}

/**
 * `POST /invoices/{id}/void`: the merchant gives up an invoice that is not paid (see
 * voidInvoice). Refused while someone collects it — the engine's charge may be in flight, or
 * the payer may be confirming their card — so money taken is never left on a void invoice; an
 * attempt whose worker died is finished first (`finishInterruptedCollection`).
 */
export async function voidInvoiceByAdmin(deps: PaymentDeps, id: string): Promise<AdminInvoice> {
  return moveInvoice(deps, {
    id,
    to: 'void',
    move: async (trx, row, now) => {
      const holder = collectionLeaseHolder(row, now);
      if (holder) {
        throw new AppError(
          'INVOICE_UNEXPECTED_STATE',
          holder === 'engine'
            ? INVOICE_BEING_COLLECTED
            : 'The customer is paying this invoice right now; it can be voided once they are done',
        );
      }
      await voidInvoice(trx, deps.clock, { invoiceId: id, now });
    },
  });
}

/**
 * `POST /invoices/{id}/mark-uncollectible`: the merchant stops collecting an open invoice — no
 * more automatic retries — as the engine does after its last one, so a subscription it bills
 * goes past_due. The payer may still pay it (their lease, if any, stays); refused while the
 * engine's charge is in flight, whose outcome must still be recorded on an open invoice.
 */
export async function markInvoiceUncollectible(deps: PaymentDeps, id: string): Promise<AdminInvoice> {
  return moveInvoice(deps, {
    id,
    to: 'uncollectible',
    move: async (trx, row, now) => {
      if (collectionLeaseHolder(row, now) === 'engine') {
        throw new AppError('INVOICE_UNEXPECTED_STATE', INVOICE_BEING_COLLECTED);
      }
      await updateInvoiceRowFrom(trx, {
        id,
        from: ['open'],
        changes: { status: 'uncollectible', next_payment_attempt: null },
      });
      const subscription = row.subscription_id ? await getSubscriptionRow(trx, row.subscription_id) : null;
      const pastDue = subscription && (await markSubscriptionPastDue(trx, { subscription, now }));
      await recordInvoiceEvents(trx, row, {
        type: 'invoice.marked_uncollectible',
        now,
        more: pastDue ? [pastDue] : [],
      });
    },
  });
}
