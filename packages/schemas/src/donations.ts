import { z } from 'zod';
import { BENEFICIARIES_MAX, beneficiaryInputSchema, checkBeneficiaries } from './catalogue.ts';
import { paginationQuerySchema, timestampSchema } from './common.ts';
import { paymentCurrencySchema, paymentIntentSchema, paymentMethodSchema } from './checkout.ts';
import { donateAmountSchema, mountLocationSchema } from './settings.ts';

/**
 * How a supporter appears, as they chose when donating: name and amount, name only (the amount
 * counts in the total but is not shown), or anonymous (neither name nor DID leaves the server).
 * A supporter who chose differently over time shows as the most private of their choices.
 */
export const SUPPORTER_DISPLAYS = ['public', 'name_only', 'anonymous'] as const;
export type SupporterDisplay = (typeof SUPPORTER_DISPLAYS)[number];

/** What names a donation target: an app, a page, a post, as the embedding app says. */
export const donationTargetSchema = z.string().trim().min(1).max(200);

/**
 * `POST /donations?livemode=`: the donation link of a target, made the first time. Naming the
 * widget's `mountLocation` makes it from that location's setting (its title, amounts and
 * beneficiaries; the body's are ignored) and keeps it following the setting's edits; without it,
 * from these fields.
 */
export const createDonationBodySchema = z
  .object({
    target: donationTargetSchema,
    mountLocation: mountLocationSchema.optional(),
    title: z.string().trim().max(200).default(''),
    description: z.string().trim().max(1_000).default(''),
    amount: donateAmountSchema.prefault({}),
    beneficiaries: z.array(beneficiaryInputSchema).max(BENEFICIARIES_MAX).default([]),
  })
  .superRefine((body, ctx) => {
    if (ctx.issues.length === 0) checkBeneficiaries(body.beneficiaries, ctx);
  });

export const donationSchema = z.object({
  target: z.string(),
  payment_link_id: z.string(),
  livemode: z.boolean(),
});

export const listSupportersQuerySchema = paginationQuerySchema.extend({ target: donationTargetSchema });

export const supporterSchema = z.object({
  /** Stable within the target, and unlinkable across targets. */
  id: z.string(),
  /** Null for an anonymous supporter. */
  customer_id: z.string().nullable(),
  customer: z.object({
    name: z.string().nullable(),
    did: z.string().nullable(),
    metadata: z.object({ anonymous: z.boolean() }),
  }),
  display: z.enum(SUPPORTER_DISPLAYS),
  /** Null when the supporter chose not to show it (it still counts in the total). */
  amount_total: z.string().nullable(),
  /** The latest payment, for a transaction link; null unless name and amount are both public. */
  payment_details: paymentIntentSchema.shape.payment_details,
  /** The invoice of their latest donation, answered to the supporter alone (null for anyone else). */
  invoice_id: z.string().nullable(),
  updated_at: timestampSchema,
});
export type Supporter = z.infer<typeof supporterSchema>;

/** `GET /donations?target=&livemode=`: a page of supporters, newest first, with the target's totals. */
export const donationSupportersSchema = z.object({
  supporters: z.array(supporterSchema),
  totalAmount: z.string(),
  currency: paymentCurrencySchema.nullable(),
  method: paymentMethodSchema.nullable(),
  count: z.number().int(),
});
export type DonationSupporters = z.infer<typeof donationSupportersSchema>;
