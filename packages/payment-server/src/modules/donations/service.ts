import { createHash } from 'node:crypto';
import {
  chainPaymentDetailsSchema,
  SUPPORTER_DISPLAYS,
  type DonationSupporters,
  type Supporter,
  type SupporterDisplay,
} from '@bazaar/schemas';
import { z } from 'zod';
import { readJsonOrNull, toFlag } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import { isGuestDid } from '../checkout-sessions/access.ts';
import type { PaymentDeps } from '../../deps.ts';
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
const paymentDetailsJson = z.union([
  z.object({ brand: z.string(), last4: z.string() }),
  chainPaymentDetailsSchema,
]);

/** The more private of two choices: a supporter who once asked to be anonymous stays so. */
function morePrivate(a: SupporterDisplay, b: SupporterDisplay): SupporterDisplay {
  return SUPPORTER_DISPLAYS.indexOf(a) >= SUPPORTER_DISPLAYS.indexOf(b) ? a : b;
}

/**
 * A donation completed: the payer's supporter row for the link gains its amount (one row per
 * customer, whatever they gave before), and the link's totals follow, in the completing
 * transaction. The totals are locked first, so two donations at once add up on any database.
 */
export async function recordSupporter(
  trx: PaymentDb,
  input: {
    paymentLinkId: string;
    customerId: string;
    amount: string;
    display: string | null;
    paymentIntentId: string;
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
    updated_at: input.now,
  });
  if (!isNew) {
    const row = await lockSupporterRow(trx, input);
    await updateSupporterRow(trx, {
      ...row,
      amount_total: (BigInt(row.amount_total) + BigInt(input.amount)).toString(),
      display: morePrivate(displaySchema.parse(row.display), display),
      last_payment_intent_id: input.paymentIntentId,
      updated_at: input.now,
    });
  }
  if (totals) {
    await setDonationTotals(trx, {
      paymentLinkId: input.paymentLinkId,
      totalAmount: (BigInt(totals.total_amount) + BigInt(input.amount)).toString(),
      supporterCount: totals.supporter_count + (isNew ? 1 : 0),
    });
  }
}

/** An id for the supporter that stays the same within the link and cannot be matched across links. */
function supporterId(paymentLinkId: string, customerId: string): string {
  return createHash('sha256').update(`${paymentLinkId}:${customerId}`).digest('base64url').slice(0, 24);
}

/** What leaves the server of a supporter: only what their choice lets through. */
function toSupporter(
  paymentLinkId: string,
  row: Awaited<ReturnType<typeof listSupporterRows>>[number],
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
    // A payment's details name the wallet (and the amount): shown only for a fully public supporter.
    payment_details: isPublic ? readJsonOrNull(paymentDetailsJson, row.payment_details) : null,
    updated_at: row.updated_at,
  };
}

/** `GET /donations?target=&livemode=`: a page of the target's supporters, newest first, and its totals. */
export async function listSupporters(
  deps: Pick<PaymentDeps, 'db' | 'catalogue'>,
  input: { target: string; livemode: boolean; page: number; pageSize: number },
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
    supporters: rows.map((row) => toSupporter(link.payment_link_id, row)),
    totalAmount: link.total_amount,
    currency,
    method,
    count: link.supporter_count,
  };
}
