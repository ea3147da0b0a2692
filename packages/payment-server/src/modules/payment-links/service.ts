import { BASIS_POINTS_WHOLE, equalShares, splitAmount } from '@bazaar/money';
import {
  checkoutSessionSchema,
  donationSettingsSchema,
  paymentLinkSchema,
  USER_SERVICE_PATH,
  type Benefit,
  type PaymentLink,
} from '@bazaar/schemas';
import { notFound } from '@bazaar/server-kit';
import { z } from 'zod';
import { fromFlag, readJson, readJsonOrNull } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import { findPaymentLinkRow } from './repository.ts';

export const linkLineItemsJson = z.array(
  z.object({
    price_id: z.string(),
    quantity: z.number().int().min(1),
    /** The add-on offered beside the cart (GET …/cross-sell), not put in it at start. */
    cross_sell: z.boolean().optional().default(false),
  }),
);
export const linkSubscriptionDataJson = z.object({
  trial_period_days: z.number().int().min(0),
  trial_currency: z.string(),
  // Links written before the staking terms existed have neither: no threshold.
  billing_threshold_amount: z.string().default('0'),
  min_stake_amount: z.string().default('0'),
});

/** A payment link with what a checkout session copies from it. */
export interface PaymentLinkConfig {
  link: PaymentLink;
  livemode: boolean;
  currency_id: string;
  line_items: z.infer<typeof linkLineItemsJson>;
  phone_number_collection: boolean;
  billing_address_collection: z.infer<typeof checkoutSessionSchema.shape.billing_address_collection>;
  cross_sell_behavior: z.infer<typeof checkoutSessionSchema.shape.cross_sell_behavior>;
  subscription_data: z.infer<typeof linkSubscriptionDataJson> | null;
  expires_after_seconds: number;
}

export async function findPaymentLink(db: PaymentDb, id: string): Promise<PaymentLinkConfig | null> {
  const row = await findPaymentLinkRow(db, id);
  if (!row) return null;
  return {
    link: {
      id: row.id,
      active: fromFlag(row.active),
      name: row.name,
      submit_type: paymentLinkSchema.shape.submit_type.parse(row.submit_type),
      after_completion: readJson(paymentLinkSchema.shape.after_completion, row.after_completion),
      donation_settings: readJsonOrNull(
        paymentLinkSchema.shape.donation_settings.unwrap(),
        row.donation_settings,
      ),
    },
    livemode: fromFlag(row.livemode),
    currency_id: row.currency_id,
    line_items: readJson(linkLineItemsJson, row.line_items),
    phone_number_collection: fromFlag(row.phone_number_collection),
    billing_address_collection: checkoutSessionSchema.shape.billing_address_collection.parse(
      row.billing_address_collection,
    ),
    cross_sell_behavior: checkoutSessionSchema.shape.cross_sell_behavior.parse(row.cross_sell_behavior),
    subscription_data: readJsonOrNull(linkSubscriptionDataJson, row.subscription_data),
    expires_after_seconds: row.expires_after_seconds,
  };
}

const BASIS_POINTS_PER_PERCENT = BASIS_POINTS_WHOLE / 100;

/**
 * Who receives a donation link's tips: each one's share (equal shares when the link gives no
 * percents) and, when `amount` is given, their part of it, the parts adding up to it exactly.
 * A beneficiary without an avatar shows the platform's identicon of their address.
 */
export async function listBenefits(
  db: PaymentDb,
  input: { paymentLinkId: string; amount: bigint | null },
): Promise<Benefit[]> {
  const row = await findPaymentLinkRow(db, input.paymentLinkId);
  if (!row) throw notFound('payment link', input.paymentLinkId);
  const beneficiaries = readJsonOrNull(donationSettingsSchema, row.donation_settings)?.beneficiaries ?? [];
  const percents = beneficiaries.flatMap((beneficiary) => beneficiary.percent ?? []);
  const shares =
    percents.length === beneficiaries.length
      ? percents.map((percent) => percent * BASIS_POINTS_PER_PERCENT)
      : equalShares(beneficiaries.length);
  const parts = input.amount === null ? null : splitAmount(input.amount, shares);
  return beneficiaries.map((beneficiary, index) => ({
    name: beneficiary.name,
    avatar: beneficiary.avatar ?? `${USER_SERVICE_PATH}/avatar/${encodeURIComponent(beneficiary.address)}`,
    url: beneficiary.url,
    address: beneficiary.address,
    amount: parts ? parts[index]!.toString() : null,
    percent: shares[index]! / BASIS_POINTS_PER_PERCENT,
  }));
}
