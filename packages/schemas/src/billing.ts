import { z } from 'zod';
import {
  amountSchema,
  metadataSchema,
  paginationQuerySchema,
  SORT_DIRECTIONS,
  timestampSchema,
  unlessEmpty,
  type SortDirection,
} from './common.ts';
import { queryFlagSchema, unitAmountSchema } from './catalogue.ts';
import { idSchema } from './ids.ts';
import { REFUND_STATUSES, refundSchema } from './refunds.ts';
import {
  cardContextSchema,
  chainContextSchema,
  customerSchema,
  invoiceSchema,
  paymentCurrencySchema,
  paymentIntentSchema,
  paymentMethodSchema,
  priceSchema,
  type BillingReason,
  type Invoice,
} from './checkout.ts';

export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'paused',
  'canceled',
] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const CANCELATION_FEEDBACK = [
  'too_expensive',
  'missing_features',
  'switched_service',
  'unused',
  'customer_service',
  'too_complex',
  'low_quality',
  'other',
] as const;

export const subscriptionItemSchema = z.object({
  id: z.string(),
  object: z.literal('subscription_item'),
  price_id: z.string(),
  price: priceSchema,
  quantity: z.number().int().positive(),
});
export type SubscriptionItem = z.infer<typeof subscriptionItemSchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  object: z.literal('subscription'),
  status: subscriptionStatusSchema,
  customer_id: z.string(),
  currency_id: z.string(),
  currency: paymentCurrencySchema,
  default_payment_method_id: z.string(),
  /** The saved card renewals are charged to (card methods). */
  payment_card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** The wallet whose approval renewals are pulled from (chain methods). */
  payer_address: z.string().nullable(),
  items: z.array(subscriptionItemSchema),
  billing_cycle_anchor: timestampSchema,
  current_period_start: timestampSchema,
  current_period_end: timestampSchema,
  trial_start: timestampSchema.nullable(),
  trial_end: timestampSchema.nullable(),
  cancel_at_period_end: z.boolean(),
  canceled_at: timestampSchema.nullable(),
  ended_at: timestampSchema.nullable(),
  cancelation_details: z
    .object({
      reason: z.enum(['cancellation_requested', 'payment_failed']),
      feedback: z.enum(CANCELATION_FEEDBACK).nullable(),
      comment: z.string().nullable(),
    })
    .nullable(),
  /** Metered usage is invoiced early once what it owes reaches this amount ('0': never). */
  billing_threshold_amount: amountSchema,
  latest_invoice_id: z.string().nullable(),
  checkout_session_id: z.string().nullable(),
  test_clock_id: z.string().nullable(),
  livemode: z.boolean(),
  metadata: metadataSchema,
  created_at: timestampSchema,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** `GET /subscriptions`: the signed-in payer's own, newest first; an admin may name any customer. */
/**
 * `own=true`: only the signed-in user's own, an admin's too: the customer area shows a person
 * their account, whoever they are, while an admin's lists otherwise show everyone's.
 */
const ownQuery = { own: unlessEmpty(queryFlagSchema) };

/**
 * What an admin's export of a list (`GET /{list}/export.csv`) leaves out of the list's query: it
 * sends every page at once, and everyone's rows.
 */
const EXPORT_LEAVES_OUT = { page: true, pageSize: true, own: true } as const;

/**
 * The subscriptions a customer still has, in good standing or not: what an account page means by
 * "active", as against the ones that ended or never started.
 */
export const CURRENT_SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'past_due',
  'paused',
] as const satisfies readonly SubscriptionStatus[];

/** What the subscriptions list may be sorted by: when it was created, or when its current period ends. */
export const SUBSCRIPTION_SORTS = ['created', 'current_period_end'] as const;
export type SubscriptionSort = (typeof SUBSCRIPTION_SORTS)[number];

/** The direction a sort takes when the query names none: newest first, the soonest period end first. */
export const DEFAULT_SUBSCRIPTION_SORT_DIRECTIONS: Record<SubscriptionSort, SortDirection> = {
  created: 'desc',
  current_period_end: 'asc',
};

/**
 * `GET /subscriptions`: newest first unless sorted. `q` finds its text in the customer's name,
 * email or DID, or in the subscription's id, ignoring the case of A–Z.
 */
export const listSubscriptionsQuerySchema = paginationQuerySchema.extend({
  ...ownQuery,
  customer_id: idSchema('customer').optional(),
  /** One status, or several separated by commas (`trialing,active`). */
  status: unlessEmpty(
    z
      .string()
      .transform((value) => value.split(','))
      .pipe(z.array(subscriptionStatusSchema).min(1).max(SUBSCRIPTION_STATUSES.length)),
  ),
  q: unlessEmpty(z.string().trim().max(100)),
  sortBy: unlessEmpty(z.enum(SUBSCRIPTION_SORTS)),
  sortDirection: unlessEmpty(z.enum(SORT_DIRECTIONS)),
});
/** An export is newest first, as every export is. */
export const exportSubscriptionsQuerySchema = listSubscriptionsQuerySchema.omit({
  ...EXPORT_LEAVES_OUT,
  sortBy: true,
  sortDirection: true,
});

/** Whom something belongs to, named in a list without a request per row. */
export const customerSummarySchema = customerSchema.pick({ id: true, name: true, email: true, did: true });
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

/** A subscription as `GET /subscriptions` and `GET /subscriptions/{id}` answer it: with its customer. */
export const listedSubscriptionSchema = subscriptionSchema.extend({ customer: customerSummarySchema });
export type ListedSubscription = z.infer<typeof listedSubscriptionSchema>;

/** The invoices kept out of a list unless asked for: bookkeeping of other flows than buying. */
export const INVOICE_LIST_EXTRAS = {
  include_staking: ['stake', 'stake_overdraft_protection'],
  include_return_staking: ['return_stake'],
  include_recovered_from: ['subscription_recover'],
} as const satisfies Record<string, readonly BillingReason[]>;

/**
 * `GET /invoices`: the signed-in payer's own, newest first, 10 a page; an admin may name any
 * customer. Staking deposits, stake returns and recovery invoices show only when included;
 * `ignore_zero` leaves out invoices of nothing.
 */
export const listInvoicesQuerySchema = paginationQuerySchema.extend({
  ...ownQuery,
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  customer_id: unlessEmpty(idSchema('customer')),
  subscription_id: unlessEmpty(idSchema('subscription')),
  currency_id: unlessEmpty(z.string().min(1).max(100)),
  status: unlessEmpty(invoiceSchema.shape.status),
  include_staking: unlessEmpty(queryFlagSchema),
  include_return_staking: unlessEmpty(queryFlagSchema),
  include_recovered_from: unlessEmpty(queryFlagSchema),
  ignore_zero: unlessEmpty(queryFlagSchema),
});

/** `GET /invoices/export.csv`: the list's filters, every page at once, drafts included (admins only). */
export const exportInvoicesQuerySchema = listInvoicesQuerySchema.omit({
  page: true,
  pageSize: true,
  own: true,
});

/** A payment as the payer's history lists it: with the currency to write it in and the method that took it. */
export const customerPaymentSchema = paymentIntentSchema.extend({
  currency: paymentCurrencySchema,
  payment_method: paymentMethodSchema.pick({ id: true, type: true, name: true }),
});
export type CustomerPayment = z.infer<typeof customerPaymentSchema>;

/** A refund as `GET /refunds` lists it: with the currency to write its amount in. */
export const listedRefundSchema = refundSchema.extend({ currency: paymentCurrencySchema });
export type ListedRefund = z.infer<typeof listedRefundSchema>;

/**
 * `GET /payment-intents`: the signed-in payer's payments, newest first, 10 a page; an admin may
 * name any customer. `invoice_id` keeps the payments made at one invoice. A payment never attempted (a checkout left before paying) is not one.
 */
export const listPaymentIntentsQuerySchema = paginationQuerySchema.extend({
  ...ownQuery,
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  customer_id: unlessEmpty(idSchema('customer')),
  invoice_id: unlessEmpty(idSchema('invoice')),
  status: unlessEmpty(paymentIntentSchema.shape.status),
});
export const exportPaymentIntentsQuerySchema = listPaymentIntentsQuerySchema.omit(EXPORT_LEAVES_OUT);

/**
 * `GET /refunds`: an admin's lists show everyone's refunds; anyone else sees only the refunds of
 * their own payments. `own=true` asks for the signed-in user's own, an admin's too (the customer
 * area), as the other customer lists do.
 */
export const listRefundsQuerySchema = paginationQuerySchema.extend({
  ...ownQuery,
  payment_intent_id: idSchema('paymentIntent').optional(),
  invoice_id: idSchema('invoice').optional(),
  customer_id: idSchema('customer').optional(),
  status: z.enum(REFUND_STATUSES).optional(),
});
export const exportRefundsQuerySchema = listRefundsQuerySchema.omit(EXPORT_LEAVES_OUT);

/**
 * A line of a manual invoice: a catalogue price, priced in the invoice's currency, or a charge
 * of its own. Strict, so a line mixing both is refused rather than half read.
 */
export const manualInvoiceLineSchema = z.union([
  z.strictObject({
    price_id: idSchema('price'),
    quantity: z.number().int().min(1).max(10_000),
  }),
  z.strictObject({
    description: z.string().trim().min(1).max(500),
    quantity: z.number().int().min(1).max(10_000),
    unit_amount: unitAmountSchema,
  }),
]);
export type ManualInvoiceLine = z.infer<typeof manualInvoiceLineSchema>;

const draftInvoiceFields = {
  description: z.string().trim().max(1000),
  lines: z.array(manualInvoiceLineSchema).min(1).max(100),
  /** Days from finalizing to the due date (Stripe's `days_until_due`). */
  days_until_due: z.number().int().min(0).max(365),
};

/** `POST /invoices` (admin): a manual invoice, written as a draft to edit and then finalize. */
export const createInvoiceBodySchema = z.object({
  customer_id: idSchema('customer'),
  currency_id: idSchema('paymentCurrency'),
  description: draftInvoiceFields.description.default(''),
  lines: draftInvoiceFields.lines,
  days_until_due: draftInvoiceFields.days_until_due.default(30),
});
export type CreateInvoiceBody = z.input<typeof createInvoiceBodySchema>;

/**
 * Whether a merchant wrote the invoice (`POST /invoices`), so its description is their memo. A
 * checkout writes its invoice as `manual` too, with its session; the engine, with its own reason.
 */
export function isMerchantInvoice(invoice: Pick<Invoice, 'billing_reason' | 'checkout_session_id'>): boolean {
  return invoice.billing_reason === 'manual' && invoice.checkout_session_id === null;
}

/** `PUT /invoices/{id}` (admin): replaces what it names of a draft; `lines` replaces all lines. */
export const updateInvoiceBodySchema = z.object(draftInvoiceFields).partial();
export type UpdateInvoiceBody = z.input<typeof updateInvoiceBodySchema>;

/** An invoice as `GET /invoices` lists it: with whom it bills, so an admin's list names them. */
export const listedInvoiceSchema = invoiceSchema.extend({ customer: customerSummarySchema });
export type ListedInvoice = z.infer<typeof listedInvoiceSchema>;

/** An invoice as the admin routes answer it: with the terms a draft keeps until it is finalized. */
export const adminInvoiceSchema = invoiceSchema.extend({
  /** Days from finalizing to the due date; null for invoices the engine or a checkout wrote. */
  days_until_due: z.number().int().nonnegative().nullable(),
  /** When it was sent to the payer (a draft finalized, any other as it was written); null until then, or if voided unsent. */
  finalized_at: timestampSchema.nullable(),
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;

/** `GET /subscriptions/{id}/overdue/invoices` and `GET /customers/{id}/overdue/invoices`. */
export const overdueInvoicesResponseSchema = z.object({
  subscription: subscriptionSchema.nullable(),
  /** What is overdue per currency, with the method that collects it. */
  summary: z.record(
    z.string(),
    z.object({
      amount: amountSchema,
      currency: paymentCurrencySchema,
      method: z.object({ id: z.string(), type: z.string(), name: z.string() }),
    }),
  ),
  invoices: z.array(invoiceSchema),
  /** How many subscriptions the overdue invoices belong to. */
  subscriptionCount: z.number().int().nonnegative(),
});
export type OverdueInvoicesResponse = z.infer<typeof overdueInvoicesResponseSchema>;

/**
 * `POST /invoices/collect-batch`: pay what is overdue in one chain currency, for one subscription
 * or all of a customer's (`POST /invoices/collect-batch`). The answer is the wallet step's:
 * `none` when the payer's approval already covers it (the vault is collecting; wait for
 * `invoice.paid`), else `approve`, after which the call is made again.
 */
export const collectOverdueBodySchema = z
  .object({
    currency_id: idSchema('paymentCurrency'),
    subscription_id: idSchema('subscription').optional(),
    customer_id: z.string().max(200).optional(),
    /** One invoice, paid from its own page (it need not be overdue yet). */
    invoice_id: idSchema('invoice').optional(),
  })
  .refine(
    (body) =>
      [body.subscription_id, body.customer_id, body.invoice_id].filter((id) => id !== undefined).length === 1,
    { message: 'Either subscriptionId or customerId must be provided', path: ['subscription_id'] },
  );
export const collectOverdueResponseSchema = z.object({
  chainContext: chainContextSchema,
  balance: z.object({ sufficient: z.boolean() }),
  delegation: z.object({ sufficient: z.boolean() }),
  /** The invoices being collected (or to be collected once approved). */
  invoices: z.array(invoiceSchema),
});
export type CollectOverdueResponse = z.infer<typeof collectOverdueResponseSchema>;

/** A payment intent and the context the card step confirms it with. */
const cardStepResponseSchema = z.object({
  paymentIntent: paymentIntentSchema,
  stripeContext: cardContextSchema,
});

/** `POST /invoices/{id}/pay`: the invoice's card payment, confirmed like a checkout's card step. */
export const payInvoiceResponseSchema = cardStepResponseSchema;
export type PayInvoiceResponse = z.infer<typeof payInvoiceResponseSchema>;

export const usageRecordBodySchema = z.object({
  subscription_item_id: idSchema('subscriptionItem'),
  quantity: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  /** Unix seconds; defaults to now. Must fall in the item's current period. */
  timestamp: timestampSchema.optional(),
  action: z.enum(['increment', 'set']).default('increment'),
  /** Repeating a record with the same identifier returns the first one and adds nothing. */
  identifier: z.string().min(1).max(200).optional(),
});
export type UsageRecordBody = z.input<typeof usageRecordBodySchema>;

export const usageRecordSchema = z.object({
  id: z.string(),
  object: z.literal('usage_record'),
  subscription_item_id: z.string(),
  quantity: z.number().int(),
  timestamp: timestampSchema,
  action: z.enum(['increment', 'set']),
  identifier: z.string(),
});
export type UsageRecord = z.infer<typeof usageRecordSchema>;

export const listUsageRecordsQuerySchema = paginationQuerySchema.extend({
  subscription_item_id: idSchema('subscriptionItem'),
});
export const usageRecordSummaryQuerySchema = z.object({ subscription_item_id: idSchema('subscriptionItem') });

/** `GET /usage-records/summary`: an item's usage in its subscription's current period. */
export const usageRecordSummarySchema = z.object({
  object: z.literal('usage_record_summary'),
  subscription_item_id: z.string(),
  period: z.object({ start: timestampSchema, end: timestampSchema }),
  total_usage: z.number().int(),
});
export type UsageRecordSummary = z.infer<typeof usageRecordSummarySchema>;

/** `PUT /subscriptions/{id}/cancel`. A subscription still in its free trial ends at once. */
export const cancelSubscriptionBodySchema = z.object({
  /** `now` ends it at once and is for admins; customers cancel at the end of the period. */
  at: z.enum(['period_end', 'now']).default('period_end'),
  feedback: z.enum(CANCELATION_FEEDBACK).optional(),
  comment: z.string().trim().max(1000).optional(),
});
export type CancelSubscriptionBody = z.input<typeof cancelSubscriptionBodySchema>;

/** The plan a subscription moves to (`POST …/change-plan/preview`, `PUT …/change-plan`). */
export const changePlanBodySchema = z.object({
  price_id: idSchema('price'),
  /** Defaults to the current quantity. */
  quantity: z.number().int().min(1).max(10_000).optional(),
});
export type ChangePlanBody = z.input<typeof changePlanBodySchema>;

/** `GET /subscriptions/{id}/change-plan/options`: the plans it may move to. */
export const planChangeOptionSchema = z.object({
  price: priceSchema,
  /** What the plan costs per period in the subscription's currency, at its current quantity. */
  amount: amountSchema,
});
export type PlanChangeOption = z.infer<typeof planChangeOptionSchema>;

/** What a plan change costs today and later; `PUT …/change-plan` does exactly this. */
export const planChangePreviewSchema = z.object({
  price_id: z.string(),
  quantity: z.number().int().positive(),
  /** Credit for the unused time of the current plan. */
  unused_credit: amountSchema,
  /** What the new plan costs for the rest of the (kept or restarted) period. */
  new_charge: amountSchema,
  /** Credit (for unused time and held before) that pays towards the new charge. */
  applied_credit: amountSchema,
  amount_due_today: amountSchema,
  /** Credit the customer holds after the change; later invoices use it. */
  new_credit: amountSchema,
  next_invoice_amount: amountSchema,
  next_invoice_at: timestampSchema,
  period_start: timestampSchema,
  period_end: timestampSchema,
});
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;

export const changePlanResponseSchema = z.object({
  subscription: subscriptionSchema,
  /** The `subscription_update` invoice (null when a trial only switched its plan). */
  invoice: invoiceSchema.nullable(),
});
export type ChangePlanResponse = z.infer<typeof changePlanResponseSchema>;

/**
 * `POST /subscriptions/{id}/payment-method`: a card setup (an intent of 0) the card step
 * confirms; the card it saves pays the subscription's future invoices.
 */
export const cardSetupResponseSchema = cardStepResponseSchema;
export type CardSetupResponse = z.infer<typeof cardSetupResponseSchema>;

export const testClockSchema = z.object({
  id: z.string(),
  object: z.literal('test_clock'),
  name: z.string(),
  frozen_time: timestampSchema,
  livemode: z.literal(false),
  created_at: timestampSchema,
});
export type TestClock = z.infer<typeof testClockSchema>;

export const createTestClockBodySchema = z.object({
  name: z.string().trim().min(1).max(100).default('Test clock'),
  /** Defaults to now; a clock starts at or after the present. */
  frozen_time: timestampSchema.optional(),
});
export const attachTestClockBodySchema = z.object({ customer_id: idSchema('customer') });
export const advanceTestClockBodySchema = z.object({ frozen_time: timestampSchema });
