import { z } from 'zod';
import { amountSchema, metadataSchema, timestampSchema } from './common.ts';
import { idSchema } from './ids.ts';
import { refundSchema } from './refunds.ts';

/**
 * The Payment Kit's public checkout contract: what the server answers and what the checkout page
 * sends. The server serialises through these schemas, so a column not named here never reaches a
 * browser.
 */

export const PAYMENT_METHOD_TYPES = ['stripe', 'arcblock', 'ethereum', 'base', 'bitcoin'] as const;
export const paymentMethodTypeSchema = z.enum(PAYMENT_METHOD_TYPES);
/** The methods paid from the payer's own wallet: ERC-20 tokens on EVM chains. */
export const CHAIN_METHOD_TYPES = [
  'ethereum',
  'base',
] as const satisfies readonly (typeof PAYMENT_METHOD_TYPES)[number][];

/** Whether a method of this type is paid from the payer's wallet (see CHAIN_METHOD_TYPES). */
export function isChainMethodType(type: string): boolean {
  return (CHAIN_METHOD_TYPES as readonly string[]).includes(type);
}

export const paymentCurrencySchema = z.object({
  id: z.string(),
  payment_method_id: z.string(),
  symbol: z.string(),
  name: z.string(),
  logo: z.string(),
  decimal: z.number().int().min(0).max(36),
  maximum_precision: z.number().int().min(0).max(36),
  active: z.boolean(),
  contract: z.string().nullable(),
  livemode: z.boolean(),
});
export type PaymentCurrency = z.infer<typeof paymentCurrencySchema>;

export const paymentMethodSchema = z.object({
  id: z.string(),
  type: paymentMethodTypeSchema,
  name: z.string(),
  logo: z.string(),
  active: z.boolean(),
  livemode: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
  default_currency_id: z.string().nullable(),
  payment_currencies: z.array(paymentCurrencySchema),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const settingsResponseSchema = z.object({
  paymentMethods: z.array(paymentMethodSchema),
  baseCurrency: paymentCurrencySchema.nullable(),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  unit_label: z.string().nullable(),
  statement_descriptor: z.string().nullable(),
  active: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const recurringSchema = z.object({
  interval: z.enum(['minute', 'hour', 'day', 'week', 'month', 'year']),
  interval_count: z.number().int().min(1),
  usage_type: z.enum(['licensed', 'metered']),
});

export const customUnitAmountSchema = z.object({
  preset: amountSchema.nullable(),
  presets: z.array(amountSchema),
  minimum: amountSchema.nullable(),
  maximum: amountSchema.nullable(),
});

/** One tier of a tiered price: `up_to` is an inclusive quantity, `null` only on the last tier ("and above"). */
export const priceTierSchema = z.object({
  up_to: z.number().int().positive().nullable(),
  unit_amount: amountSchema.nullable(),
  flat_amount: amountSchema.nullable(),
});
export type PriceTier = z.infer<typeof priceTierSchema>;

export const priceSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  product: productSchema,
  active: z.boolean(),
  type: z.enum(['one_time', 'recurring']),
  currency_id: z.string(),
  unit_amount: amountSchema.nullable(),
  custom_unit_amount: customUnitAmountSchema.nullable(),
  currency_options: z.array(
    z.object({
      currency_id: z.string(),
      unit_amount: amountSchema.nullable(),
      custom_unit_amount: customUnitAmountSchema.nullable(),
      tiers: z.array(priceTierSchema).nullable(),
    }),
  ),
  billing_scheme: z.enum(['per_unit', 'tiered']),
  tiers_mode: z.enum(['graduated', 'volume']).nullable(),
  tiers: z.array(priceTierSchema).nullable(),
  upsell: z.object({ upsells_to_id: z.string() }).nullable(),
  nickname: z.string(),
  metadata: metadataSchema,
  recurring: recurringSchema.nullable(),
  quantity_available: z.number().int().min(0),
  quantity_sold: z.number().int().min(0),
  quantity_limit_per_checkout: z.number().int().min(0),
  livemode: z.boolean(),
});
export type Price = z.infer<typeof priceSchema>;

export const lineItemSchema = z.object({
  price_id: z.string(),
  price: priceSchema,
  quantity: z.number().int().min(1),
  custom_amount: amountSchema.nullable(),
  amount_subtotal: amountSchema,
  /** Set while the payer chose the line's upsell: this price is charged instead of `price`. */
  upsell_price_id: z.string().nullable(),
  upsell_price: priceSchema.nullable(),
  /**
   * The line's upsell while it can still be chosen (its `upsells_to` price and what it saves in
   * the session's currency), so the page can show the saving before the payer switches.
   */
  upsell_offer: z.object({ price: priceSchema, savings_percent: z.number().int() }).nullable(),
  /** The line is the payment link's cross-sell add-on (removable with DELETE …/cross-sell). */
  cross_sell: z.boolean(),
});
export type LineItem = z.infer<typeof lineItemSchema>;

export const addressSchema = z.object({
  country: z.string(),
  state: z.string(),
  city: z.string(),
  line1: z.string(),
  line2: z.string(),
  postal_code: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const checkoutSessionSchema = z.object({
  id: z.string(),
  object: z.literal('checkout_session'),
  payment_link_id: z.string().nullable(),
  mode: z.enum(['payment', 'subscription', 'setup']),
  status: z.enum(['open', 'complete', 'expired']),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  submit_type: z.enum(['auto', 'pay', 'donate', 'book']),
  livemode: z.boolean(),
  currency_id: z.string(),
  line_items: z.array(lineItemSchema),
  amount_subtotal: amountSchema,
  amount_total: amountSchema,
  /** Charged at submit: one-time lines, plus licensed recurring lines unless a trial applies. */
  amount_due_now: amountSchema,
  /** Charged every period afterwards by the licensed recurring lines (metered usage is extra). */
  amount_renewal: amountSchema,
  /** The link's trial; `applies` is false when the session's currency is not a trial currency. */
  trial: z
    .object({
      applies: z.boolean(),
      trial_period_days: z.number().int().min(0),
      trial_end: timestampSchema.nullable(),
    })
    .nullable(),
  /** What is due now in every currency all lines can be paid in (the currency selector shows these). */
  currency_amounts: z.array(
    z.object({ currency_id: z.string(), amount_due_now: amountSchema, amount_renewal: amountSchema }),
  ),
  customer_id: z.string().nullable(),
  invoice_id: z.string().nullable(),
  subscription_id: z.string().nullable(),
  payment_intent_id: z.string().nullable(),
  phone_number_collection: z.object({ enabled: z.boolean() }),
  billing_address_collection: z.enum(['auto', 'required']),
  cross_sell_behavior: z.enum(['auto', 'required']),
  subscription_data: z
    .object({
      trial_period_days: z.number().int().min(0),
      trial_end: timestampSchema.nullable(),
      trial_currency: z.string(),
      /** The arcblock method's staking deposit is the larger of these two (smallest unit, session currency). */
      billing_threshold_amount: amountSchema,
      min_stake_amount: amountSchema,
    })
    .nullable(),
  success_url: z.string().nullable(),
  expires_at: timestampSchema,
  created_at: timestampSchema,
  metadata: metadataSchema,
  /**
   * Only in the answer that opened the session (null everywhere else): the browser keeps it and
   * sends it as the `X-Checkout-Secret` header to prove it is the one paying, as a guest must.
   */
  client_secret: z.string().nullable(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** The header a browser proves with that it opened a checkout session (its `client_secret`). */
export const CHECKOUT_SECRET_HEADER = 'x-checkout-secret';

/** An EVM transaction hash, as `0x` and 64 hex digits. */
export const txHashSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'Expected a transaction hash 0x + 64 hex digits')
  .transform((value) => value.toLowerCase() as `0x${string}`);

/** The on-chain transaction that paid an intent, as its payment details show it. */
export const chainPaymentDetailsSchema = z.object({
  tx_hash: z.string(),
  payer: z.string(),
  chain_id: z.number().int(),
  explorer_host: z.string(),
});
export type ChainPaymentDetails = z.infer<typeof chainPaymentDetailsSchema>;

export const paymentIntentSchema = z.object({
  id: z.string(),
  object: z.literal('payment_intent'),
  status: z.enum([
    'requires_payment_method',
    'requires_confirmation',
    'requires_action',
    'processing',
    'requires_capture',
    'canceled',
    'succeeded',
  ]),
  amount: amountSchema,
  amount_received: amountSchema,
  currency_id: z.string(),
  payment_method_id: z.string(),
  customer_id: z.string().nullable(),
  invoice_id: z.string().nullable(),
  livemode: z.boolean(),
  last_payment_error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** Card payments: brand and last four digits, once a card was presented; chain payments: the transaction. */
  payment_details: z
    .union([z.object({ brand: z.string(), last4: z.string() }), chainPaymentDetailsSchema])
    .nullable(),
  created_at: timestampSchema,
});
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

export const customerSchema = z.object({
  id: z.string(),
  did: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: addressSchema,
  livemode: z.boolean(),
  metadata: metadataSchema,
});
export type Customer = z.infer<typeof customerSchema>;

export const paymentLinkSchema = z.object({
  id: z.string(),
  active: z.boolean(),
  name: z.string(),
  submit_type: z.enum(['auto', 'pay', 'donate', 'book']),
  after_completion: z.object({
    type: z.enum(['hosted_confirmation', 'redirect']),
    hosted_confirmation: z.object({ custom_message: z.string() }).nullable(),
    redirect: z.object({ url: z.string() }).nullable(),
  }),
  donation_settings: z
    .object({
      presets: z.array(z.string()),
      preset: z.string().nullable(),
      minimum: z.string(),
      maximum: z.string(),
      custom: z.boolean(),
    })
    .nullable(),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

/** One who receives part of a donation link's tips. */
export const benefitSchema = z.object({
  name: z.string(),
  /** An http(s) address or a path on the platform (their identicon unless the link names one). */
  avatar: z.string(),
  url: z.string().nullable(),
  address: z.string(),
  /** Their part of the `amount` asked about (smallest unit); null when none was. */
  amount: amountSchema.nullable(),
  /** Their share of every tip in percent, to two decimals (equal shares of three: 33.34, 33.33, 33.33). */
  percent: z.number(),
});
export type Benefit = z.infer<typeof benefitSchema>;

/** `GET /api/payment-links/{id}/benefits?amount=500`: each beneficiary's share, and part of 500. */
export const benefitsQuerySchema = z.object({
  amount: z
    .string()
    .regex(/^\d{1,78}$/, 'Expected a non-negative integer amount in the smallest unit')
    .optional(),
});
export const benefitsResponseSchema = z.array(benefitSchema);

/** What the card step of the checkout needs: which provider, and the secret to confirm with. */
export const cardContextSchema = z.object({
  provider: z.enum(['test', 'stripe']),
  client_secret: z.string(),
  intent_type: z.enum(['payment_intent', 'setup_intent']),
  status: paymentIntentSchema.shape.status,
  publishable_key: z.string().nullable(),
});
export type CardContext = z.infer<typeof cardContextSchema>;

/**
 * What the wallet step of a chain payment needs. `action` is what the payer's wallet must do:
 * `transfer` the amount to the vault (one-time payments, donations), `approve` the vault to pull
 * `approve_amount` (subscriptions; the submit then runs again), or `none` when the kit is already
 * pulling the amount from an earlier approval (the fast path: only wait for completion).
 */
export const chainContextSchema = z.object({
  chain_id: z.number().int(),
  rpc_url: z.string(),
  explorer_host: z.string(),
  network_name: z.string(),
  token: z.object({ address: z.string(), symbol: z.string(), decimals: z.number().int() }),
  vault: z.string(),
  /** The payer's bound wallet, which must send; null for a guest's donation (any wallet may pay). */
  payer: z.string().nullable(),
  amount: amountSchema,
  action: z.enum(['transfer', 'approve', 'none']),
  approve_amount: amountSchema,
});
export type ChainContext = z.infer<typeof chainContextSchema>;

/** `PUT …/{id}/chain-transaction`: the hash of the transfer the payer's wallet sent. */
export const chainTransactionBodySchema = z.object({ tx_hash: txHashSchema });
export const chainTransactionResponseSchema = z.object({ paymentIntent: paymentIntentSchema });
export type ChainTransactionResponse = z.infer<typeof chainTransactionResponseSchema>;

export const startCheckoutResponseSchema = z.object({
  checkoutSession: checkoutSessionSchema,
  paymentMethods: z.array(paymentMethodSchema),
  paymentIntent: paymentIntentSchema.nullable(),
  paymentLink: paymentLinkSchema.nullable(),
  customer: customerSchema.nullable(),
});
export type StartCheckoutResponse = z.infer<typeof startCheckoutResponseSchema>;

export const retrieveCheckoutResponseSchema = startCheckoutResponseSchema;
export type RetrieveCheckoutResponse = StartCheckoutResponse;

/** Checkout form rules shared by the server and the browser form. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;

export const submitCheckoutBodySchema = z.object({
  customer_name: z.string().trim().min(1, 'Required').max(200),
  customer_email: z
    .email('Invalid')
    .max(EMAIL_MAX_LENGTH, 'Invalid')
    .refine((email) => email.split('@')[0]!.length <= EMAIL_LOCAL_MAX_LENGTH, 'Invalid'),
  customer_phone: z.string().max(40).optional().default(''),
  payment_method: idSchema('paymentMethod'),
  payment_currency: idSchema('paymentCurrency'),
  billing_address: addressSchema.partial().optional(),
  /** Donations: how the payer appears among the supporters; public unless told. */
  supporter_display: z.enum(['public', 'name_only', 'anonymous']).optional(),
});
export type SubmitCheckoutBody = z.input<typeof submitCheckoutBodySchema>;

const checkoutContact = submitCheckoutBodySchema.shape;

/**
 * `PUT /customers/me`: the signed-in payer's contact details, checked as the checkout's submit
 * checks them (the server also checks the phone and the postal code against the country).
 */
export const updateCustomerBodySchema = z.strictObject({
  name: checkoutContact.customer_name,
  email: checkoutContact.customer_email,
  phone: checkoutContact.customer_phone,
  address: checkoutContact.billing_address,
});
export type UpdateCustomerBody = z.input<typeof updateCustomerBodySchema>;

export const submitCheckoutResponseSchema = z.object({
  checkoutSession: checkoutSessionSchema,
  paymentIntent: paymentIntentSchema.nullable(),
  stripeContext: cardContextSchema.nullable(),
  chainContext: chainContextSchema.nullable(),
  customer: customerSchema,
  balance: z.object({ sufficient: z.boolean() }).nullable(),
  delegation: z.object({ sufficient: z.boolean() }).nullable(),
});
export type SubmitCheckoutResponse = z.infer<typeof submitCheckoutResponseSchema>;

const positiveAmountSchema = amountSchema.refine((value) => !value.startsWith('-'), 'Must not be negative');

/** `PUT …/{id}/upsell`: switch the line priced `from` to its upsell price `to`. */
export const upsellBodySchema = z.object({ from: idSchema('price'), to: idSchema('price') });
/** `PUT …/{id}/downsell`: `from` names the upsold line (its upsell price or its original price). */
export const downsellBodySchema = z.object({ from: idSchema('price') });
/** `PUT …/{id}/cross-sell`: add the link's cross-sell price `to`. */
export const crossSellBodySchema = z.object({ to: idSchema('price') });
/** `PUT …/{id}/amount`: a pay-what-you-want line's unit amount, in the smallest unit. */
export const customAmountBodySchema = z.object({ priceId: idSchema('price'), amount: positiveAmountSchema });

/** `GET …/{id}/cross-sell`: the price to offer, or why there is none. */
export const crossSellOfferSchema = z.union([priceSchema, z.object({ error: z.string() })]);
export type CrossSellOffer = z.infer<typeof crossSellOfferSchema>;

/**
 * What every change of a session (upsell, downsell, cross-sell, amount) answers: the session
 * with recomputed totals and, for upsell/downsell, how much the longer interval saves (percent).
 */
export const checkoutSessionChangeSchema = z.object({
  checkoutSession: checkoutSessionSchema,
  savings_percent: z.number().int().nullable(),
});
export type CheckoutSessionChange = z.infer<typeof checkoutSessionChangeSchema>;

/** The built-in test card network (test mode only), confirmed from the checkout page. */
export const testCardConfirmBodySchema = z.object({
  client_secret: z.string().min(1),
  card: z.object({
    number: z.string().regex(/^[\d ]{12,23}$/, 'Invalid'),
    exp_month: z.number().int().min(1).max(12),
    exp_year: z.number().int().min(2000).max(2100),
    cvc: z.string().regex(/^\d{3,4}$/, 'Invalid'),
  }),
});
export const testCardAuthenticateBodySchema = z.object({
  client_secret: z.string().min(1),
  outcome: z.enum(['approve', 'fail']),
});
export const testCardResultSchema = z.object({
  paymentIntent: paymentIntentSchema,
  /** Set when the card needs the extra authentication step (the 3-D Secure test card). */
  next_action: z.object({ type: z.literal('authenticate') }).nullable(),
});
export type TestCardResult = z.infer<typeof testCardResultSchema>;

/**
 * `POST /stripe/payment-intents/{id}/confirm`: the page's word that Stripe.js confirmed the intent;
 * `client_secret` is the one the submit answered in `stripeContext`. The kit reads the outcome
 * from Stripe itself; nothing the page says about it is taken.
 */
export const stripeConfirmBodySchema = z.object({ client_secret: z.string().min(1).max(300) });

/** Why an invoice was written. */
export const BILLING_REASONS = [
  'subscription_create',
  'subscription_cycle',
  'subscription_update',
  'subscription_recover',
  'subscription_threshold',
  'subscription_cancel',
  'manual',
  'upcoming',
  'slash_stake',
  'stake',
  'return_stake',
  'recharge',
  'stake_overdraft_protection',
  'overdraft_protection',
] as const;
export const billingReasonSchema = z.enum(BILLING_REASONS);
export type BillingReason = z.infer<typeof billingReasonSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  object: z.literal('invoice'),
  number: z.string(),
  status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
  billing_reason: billingReasonSchema,
  customer_id: z.string(),
  subscription_id: z.string().nullable(),
  checkout_session_id: z.string().nullable(),
  payment_intent_id: z.string().nullable(),
  currency_id: z.string(),
  currency: paymentCurrencySchema,
  description: z.string(),
  lines: z.array(
    z.object({
      description: z.string(),
      price_id: z.string().nullable(),
      quantity: z.number().int(),
      unit_amount: amountSchema,
      amount: amountSchema,
      /** The service period a subscription line pays for (metered lines: the period used). */
      period_start: timestampSchema.nullable(),
      period_end: timestampSchema.nullable(),
      /** A credit or charge for part of a period, from a plan change. */
      proration: z.boolean(),
    }),
  ),
  subtotal: amountSchema,
  total: amountSchema,
  /** Customer credit used towards the total. */
  amount_applied: amountSchema,
  amount_due: amountSchema,
  amount_paid: amountSchema,
  amount_remaining: amountSchema,
  period_start: timestampSchema.nullable(),
  period_end: timestampSchema.nullable(),
  /** When an open invoice becomes past due. */
  due_date: timestampSchema.nullable(),
  /** Collection attempts made so far, and when the next automatic one is due (null: none). */
  attempt_count: z.number().int().nonnegative(),
  next_payment_attempt: timestampSchema.nullable(),
  payment_method_id: z.string().nullable(),
  /** The method that collects it (its own, else its currency's): a chain one is paid from a wallet. */
  payment_method: paymentMethodSchema.pick({ id: true, type: true, name: true }),
  /** How a paid invoice was paid, from its payment intent (the card, or the chain transaction); null while unpaid. */
  payment_details: paymentIntentSchema.shape.payment_details,
  /** What was given back of the payment, oldest first; empty while unpaid. */
  refunds: z.array(refundSchema),
  livemode: z.boolean(),
  created_at: timestampSchema,
  paid_at: timestampSchema.nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
