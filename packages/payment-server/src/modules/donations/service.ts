import { createHash } from 'node:crypto';
import {
  chainPaymentDetailsSchema,
  SUPPORTER_DISPLAYS,
  type DonationSupporters,
  type Supporter,
  type SupporterDisplay,
} from '@bazaar/schemas';
import { z } from 'zod';
import { fromFlag, toFlag } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import { isGuestDid } from '../checkout-sessions/access.ts';
import type { PaymentDeps } from '../../deps.ts';
import { recordEvents } from '../events/service.ts';
import { toSettings } from '../payment-methods/service.ts';
import {
  findDonationLinkRow,
  insertSupporterRowIfMissing,
  listSupporterRows,
  lockDonationTotals,
  lockSupporterRow,
  setDonationTotals,
  updateSupporterRow,
} from './repository.ts';

const displaySchema = z.enum(SUPPORTER_DISPLAYS);

/** The more private of two choices: a supporter who once asked to be anonymous stays so. */
function morePrivate(a: SupporterDisplay, b: SupporterDisplay): SupporterDisplay {
  return SUPPORTER_DISPLAYS.indexOf(a) >= SUPPORTER_DISPLAYS.indexOf(b) ? a : b;
}

/**
 * A donation completed: the payer's supporter row for the link gains its amount (one row per
 * customer, whatever they gave before), and the link's totals follow, in the completing
 * transaction. The totals are locked first, so two donations at once add up on any database.
 * `donation.updated` carries the new totals to every widget of the target: every page hears it,
 * so it names the link and its totals only, never the supporter nor what they gave.
 */
export async function recordSupporter(
  trx: PaymentDb,
  input: {
    paymentLinkId: string;
    customerId: string;
    amount: string;
    display: string | null;
    paymentIntentId: string;
    invoiceId: string;
    now: number;
  },
): Promise<void> {
  const display = displaySchema.catch('public').parse(input.display);
  const totals = await lockDonationTotals(trx, input.paymentLinkId);
  const isNew = await insertSupporterRowIfMissing(trx, {
    payment_link_id: input.paymentLinkId,
    customer_id: input.customerId,
    amount_total: input.amount,
    display,
    last_payment_intent_id: input.paymentIntentId,
    last_invoice_id: input.invoiceId,
    updated_at: input.now,
  });
  if (!isNew) {
    const row = await lockSupporterRow(trx, input);
    await updateSupporterRow(trx, {
      ...row,
      amount_total: (BigInt(row.amount_total) + BigInt(input.amount)).toString(),
      display: morePrivate(displaySchema.parse(row.display), display),
      last_payment_intent_id: input.paymentIntentId,
      last_invoice_id: input.invoiceId,
      updated_at: input.now,
    });
  }
  if (totals) {
    const totalAmount = (BigInt(totals.total_amount) + BigInt(input.amount)).toString();
    const supporterCount = totals.supporter_count + (isNew ? 1 : 0);
    await setDonationTotals(trx, { paymentLinkId: input.paymentLinkId, totalAmount, supporterCount });
    await recordEvents(trx, {
      now: input.now,
      livemode: fromFlag(totals.livemode),
      payloads: [
        {
          type: 'donation.updated',
          data: {
            id: input.paymentLinkId,
            target: totals.target,
            total_amount: totalAmount,
            supporter_count: supporterCount,
            currency_id: totals.currency_id,
          },
        },
      ],
    });
  }
}

/** An id for the supporter that stays the same within the link and cannot be matched across links. */
function supporterId(paymentLinkId: string, customerId: string): string {
  return createHash('sha256').update(`${paymentLinkId}:${customerId}`).digest('base64url').slice(0, 24);
}

/** A chain payment's details; null for a card's. */
function chainDetails(text: string | null) {
  const parsed = chainPaymentDetailsSchema.safeParse(text === null ? null : JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

/** What leaves the server of a supporter: only what their choice lets through. */
function toSupporter(
  paymentLinkId: string,
  row: Awaited<ReturnType<typeof listSupporterRows>>[number],
  viewerDid: string | null,
): Supporter {
  const display = displaySchema.parse(row.display);
  const isAnonymous = display === 'anonymous';
  const isPublic = display === 'public';
  return {
    id: supporterId(paymentLinkId, row.customer_id),
    customer_id: isAnonymous ? null : row.customer_id,
    customer: {
      name: isAnonymous ? null : row.name,
      // A guest's DID is made from their email (`anonymous:{email}`): it never leaves the server.
      did: isAnonymous || isGuestDid(row.did) ? null : row.did,
      metadata: { anonymous: isAnonymous },
    },
    display,
    amount_total: display === 'name_only' ? null : row.amount_total,
    // A chain payment is public on its chain anyway, and its transaction is what a supporter row
    // links to; it names the wallet and the amount, so only a fully public supporter shows it. A
    // card's brand and last digits are nobody else's business.
    payment_details: isPublic ? chainDetails(row.payment_details) : null,
    // Their own invoice only to the supporter themselves (a guest's DID matches no session).
    invoice_id: viewerDid !== null && row.did === viewerDid ? row.last_invoice_id : null,
    updated_at: row.updated_at,
  };
}

/** `GET /donations?target=&livemode=`: a page of the target's supporters, newest first, and its totals. */
export async function listSupporters(
  deps: Pick<PaymentDeps, 'db' | 'catalogue'>,
  input: { target: string; livemode: boolean; page: number; pageSize: number; viewerDid: string | null },
): Promise<DonationSupporters> {
  const { db } = deps;
  const link = await findDonationLinkRow(db, { target: input.target, livemode: toFlag(input.livemode) });
  // The methods as checkouts read them: kept in memory while the catalogue is unchanged.
  const catalogue = await deps.catalogue.read(db);
  const { baseCurrency, paymentMethods } = toSettings(await catalogue.paymentMethods(input.livemode));
  const currencyId = link?.currency_id ?? baseCurrency?.id;
  const method = paymentMethods.find((m) => m.payment_currencies.some((c) => c.id === currencyId)) ?? null;
  const currency = method?.payment_currencies.find((c) => c.id === currencyId) ?? null;
  if (!link) return { supporters: [], totalAmount: '0', currency, method, count: 0 };
  const rows = await listSupporterRows(db, {
    paymentLinkId: link.payment_link_id,
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  return {
    supporters: rows.map((row) => toSupporter(link.payment_link_id, row, input.viewerDid)),
    totalAmount: link.total_amount,
    currency,
    method,
    count: link.supporter_count,
  };
}
