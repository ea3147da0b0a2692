import { z } from 'zod';
import {
  paymentCurrencySchema,
  paymentLinkSchema,
  paymentMethodSchema,
  priceSchema,
  productSchema,
  recurringSchema,
} from './checkout.ts';
import {
  metadataInputSchema,
  metadataSchema,
  paginationQuerySchema,
  SORT_DIRECTIONS,
  timestampSchema,
  unlessEmpty,
  type SortDirection,
} from './common.ts';
import { idSchema } from './ids.ts';

/**
 * The Payment Kit's admin catalogue contract: products, prices, payment links, payment methods
 * and currencies (owner, admin and developer passports only). Bodies are what the dashboard
 * sends; responses extend the public checkout shapes with the fields only admins see.
 */

/** A non-negative amount in the smallest unit: prices never pay the payer. */
export const unitAmountSchema = z
  .string()
  .regex(/^\d{1,78}$/, 'Expected a non-negative integer amount in the smallest unit');

/** `?active=true` / `?active=0`: query strings carry booleans as text. */
export const queryFlagSchema = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const httpUrlSchema = z.url({ protocol: /^https?$/, error: 'Expected an http or https URL' }).max(2_048);

/** Stripe's rules: at most 22 characters, none of `< > \ ' "`, not only digits. */
export const STATEMENT_DESCRIPTOR_MAX_LENGTH = 22;
const statementDescriptorSchema = z
  .string()
  .trim()
  .min(5, 'A statement descriptor has at least 5 characters')
  .max(STATEMENT_DESCRIPTOR_MAX_LENGTH, 'A statement descriptor has at most 22 characters')
  .regex(/^[^<>\\'"]*$/, 'A statement descriptor may not contain < > \\ \' "')
  .regex(/\D/, 'A statement descriptor needs at least one letter');

/** Every object lives in one mode; the creating request must say which. */
const livemodeBody = { livemode: z.boolean() };

const catalogueListQuery = paginationQuerySchema.extend({ active: queryFlagSchema.optional() });

/** What the products and payment links lists may be sorted by; without `sortBy`, newest first. */
export const ADMIN_CATALOGUE_SORTS = ['created_at', 'name'] as const;
export type AdminCatalogueSort = (typeof ADMIN_CATALOGUE_SORTS)[number];
/** The direction a sort takes when the query names none: newest first, names A to Z. */
const DEFAULT_ADMIN_CATALOGUE_SORT_DIRECTIONS: Record<AdminCatalogueSort, SortDirection> = {
  created_at: 'desc',
  name: 'asc',
};
const catalogueSortQuery = {
  sortBy: unlessEmpty(z.enum(ADMIN_CATALOGUE_SORTS)),
  sortDirection: unlessEmpty(z.enum(SORT_DIRECTIONS)),
};
/** What a catalogue list's export leaves out of its query: it sends every page at once. */
const CATALOGUE_EXPORT_LEAVES_OUT = {
  page: true,
  pageSize: true,
  sortBy: true,
  sortDirection: true,
} as const;

/** The order a catalogue list's query asks for, its defaults filled in. */
export function adminCatalogueOrder(query: {
  sortBy?: AdminCatalogueSort | undefined;
  sortDirection?: SortDirection | undefined;
}): { sortBy: AdminCatalogueSort; sortDirection: SortDirection } {
  const sortBy = query.sortBy ?? 'created_at';
  return { sortBy, sortDirection: query.sortDirection ?? DEFAULT_ADMIN_CATALOGUE_SORT_DIRECTIONS[sortBy] };
}

// ---------------------------------------------------------------- products

const productFields = {
  name: z.string().trim().min(1).max(250),
  description: z.string().max(5_000),
  images: z.array(httpUrlSchema).max(8),
  unit_label: z.string().trim().min(1).max(12).nullable(),
  statement_descriptor: statementDescriptorSchema.nullable(),
  active: z.boolean(),
  metadata: metadataInputSchema,
};

export const createProductBodySchema = z.object({
  ...livemodeBody,
  name: productFields.name,
  description: productFields.description.default(''),
  images: productFields.images.default([]),
  unit_label: productFields.unit_label.default(null),
  statement_descriptor: productFields.statement_descriptor.default(null),
  active: productFields.active.default(true),
  metadata: productFields.metadata.default({}),
});
export type CreateProductBody = z.input<typeof createProductBodySchema>;

export const updateProductBodySchema = z.object(productFields).partial();
export type UpdateProductBody = z.input<typeof updateProductBodySchema>;

export const listProductsQuerySchema = catalogueListQuery.extend({
  q: z.string().trim().max(100).optional(),
  ...catalogueSortQuery,
});
/** `GET /products/export.csv`: the list's filters, every page at once, newest first as every export is. */
export const exportProductsQuerySchema = listProductsQuerySchema.omit(CATALOGUE_EXPORT_LEAVES_OUT);

export const adminProductSchema = productSchema.extend({
  object: z.literal('product'),
  metadata: metadataSchema,
  livemode: z.boolean(),
  created_at: timestampSchema,
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

// ---------------------------------------------------------------- prices

const TIERS_MAX = 50;

export const tierInputSchema = z.object({
  up_to: z.number().int().positive().nullable(),
  unit_amount: unitAmountSchema.nullable().default(null),
  flat_amount: unitAmountSchema.nullable().default(null),
});

export const customUnitAmountInputSchema = z
  .object({
    preset: unitAmountSchema.nullable().default(null),
    presets: z.array(unitAmountSchema).max(10).default([]),
    minimum: unitAmountSchema.nullable().default(null),
    maximum: unitAmountSchema.nullable().default(null),
  })
  .superRefine((custom, ctx) => {
    // Zod runs this even when an amount failed its own check, and BigInt throws on such text.
    if (ctx.issues.length > 0) return;
    const min = BigInt(custom.minimum ?? '0');
    const max = custom.maximum === null ? null : BigInt(custom.maximum);
    if (max !== null && max < min) {
      ctx.addIssue({ code: 'custom', path: ['maximum'], message: 'maximum must not be below minimum' });
    }
    const outside = (amount: string) => BigInt(amount) < min || (max !== null && BigInt(amount) > max);
    custom.presets.forEach((preset, index) => {
      if (outside(preset))
        ctx.addIssue({ code: 'custom', path: ['presets', index], message: 'Outside minimum..maximum' });
    });
    if (custom.preset !== null && outside(custom.preset)) {
      ctx.addIssue({ code: 'custom', path: ['preset'], message: 'Outside minimum..maximum' });
    }
  });

/**
 * The longest billing period a price may have, as Stripe allows: three years. The interval is a
 * free string here so the service can answer an unknown one with UNSUPPORTED_INTERVAL.
 */
export const RECURRING_MAX_SECONDS = 3 * 365 * 86_400;
export const recurringInputSchema = z.object({
  interval: z.string().min(1).max(32),
  interval_count: z.number().int().min(1).max(1_000).default(1),
  usage_type: recurringSchema.shape.usage_type.default('licensed'),
});

const amountTerms = {
  unit_amount: unitAmountSchema.nullable().default(null),
  custom_unit_amount: customUnitAmountInputSchema.nullable().default(null),
  tiers: z.array(tierInputSchema).max(TIERS_MAX).nullable().default(null),
};

export const currencyOptionInputSchema = z.object({
  currency_id: idSchema('paymentCurrency'),
  ...amountTerms,
});

interface AmountTerms {
  unit_amount: string | null;
  custom_unit_amount: unknown;
  tiers: unknown[] | null;
}

/** per_unit: exactly one of unit_amount and custom_unit_amount; tiered: tiers and nothing else. */
function checkAmountTerms(
  terms: AmountTerms,
  scheme: 'per_unit' | 'tiered',
  ctx: z.RefinementCtx,
  path: (string | number)[],
) {
  const issue = (field: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [...path, field], message });
  if (scheme === 'tiered') {
    if (!terms.tiers) issue('tiers', 'A tiered price needs tiers');
    if (terms.unit_amount !== null) issue('unit_amount', 'A tiered price takes its amounts from its tiers');
    if (terms.custom_unit_amount !== null)
      issue('custom_unit_amount', 'A tiered price cannot take a custom amount');
    return;
  }
  if (terms.tiers !== null) issue('tiers', 'Tiers need billing_scheme tiered');
  if ((terms.unit_amount === null) === (terms.custom_unit_amount === null)) {
    issue('unit_amount', 'Give exactly one of unit_amount and custom_unit_amount');
  }
}

export const createPriceBodySchema = z
  .object({
    ...livemodeBody,
    product_id: idSchema('product'),
    currency_id: idSchema('paymentCurrency'),
    type: priceSchema.shape.type.default('one_time'),
    recurring: recurringInputSchema.nullable().default(null),
    billing_scheme: priceSchema.shape.billing_scheme.default('per_unit'),
    tiers_mode: priceSchema.shape.tiers_mode.default(null),
    ...amountTerms,
    currency_options: z.array(currencyOptionInputSchema).max(20).default([]),
    upsell: z
      .object({ upsells_to_id: idSchema('price') })
      .nullable()
      .default(null),
    quantity_available: z.number().int().min(0).max(1_000_000_000).default(0),
    quantity_limit_per_checkout: z.number().int().min(0).max(1_000_000_000).default(0),
    nickname: z.string().max(250).default(''),
    active: z.boolean().default(true),
    metadata: metadataInputSchema.default({}),
  })
  .superRefine((body, ctx) => {
    if ((body.type === 'recurring') !== (body.recurring !== null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['recurring'],
        message: 'A recurring price needs recurring, a one-time price none',
      });
    }
    if ((body.billing_scheme === 'tiered') !== (body.tiers_mode !== null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['tiers_mode'],
        message: 'tiers_mode is required exactly when billing_scheme is tiered',
      });
    }
    checkAmountTerms(body, body.billing_scheme, ctx, []);
    const seen = new Set([body.currency_id]);
    body.currency_options.forEach((option, index) => {
      if (seen.has(option.currency_id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['currency_options', index, 'currency_id'],
          message: 'Each currency may appear once',
        });
      }
      seen.add(option.currency_id);
      checkAmountTerms(option, body.billing_scheme, ctx, ['currency_options', index]);
    });
  });
export type CreatePriceBody = z.input<typeof createPriceBodySchema>;
export type CreatePriceInput = z.output<typeof createPriceBodySchema>;

const AMOUNTS_ARE_IMMUTABLE = 'Amounts cannot change once a price exists (as in Stripe): create a new price';
const immutable = z.never({ error: AMOUNTS_ARE_IMMUTABLE }).optional();

/** Only these fields of a price may change; naming an amount field is refused with a reason. */
export const updatePriceBodySchema = z.object({
  active: z.boolean().optional(),
  nickname: z.string().max(250).optional(),
  metadata: metadataInputSchema.optional(),
  upsell: z
    .object({ upsells_to_id: idSchema('price') })
    .nullable()
    .optional(),
  quantity_available: z.number().int().min(0).max(1_000_000_000).optional(),
  quantity_limit_per_checkout: z.number().int().min(0).max(1_000_000_000).optional(),
  unit_amount: immutable,
  custom_unit_amount: immutable,
  currency_options: immutable,
  tiers: immutable,
  tiers_mode: immutable,
  billing_scheme: immutable,
  currency_id: immutable,
  type: immutable,
  recurring: immutable,
  product_id: immutable,
});
export type UpdatePriceBody = z.input<typeof updatePriceBodySchema>;

/**
 * `GET /prices` (admin): `q` is a price's id, or text found in its nickname or its product's
 * name, ignoring the case of A–Z, so a picker can reach any price however many there are;
 * `currency_id` keeps the prices payable in that currency, as their own or a currency option.
 */
export const listPricesQuerySchema = catalogueListQuery.extend({
  product_id: idSchema('product').optional(),
  currency_id: idSchema('paymentCurrency').optional(),
  q: z.string().trim().max(100).optional(),
});

export const adminPriceSchema = priceSchema.extend({
  object: z.literal('price'),
  created_at: timestampSchema,
});
export type AdminPrice = z.infer<typeof adminPriceSchema>;

// ---------------------------------------------------------------- payment links

/** How long a session started from a link stays open: a day by default, 30 minutes to 7 days. */
export const LINK_SESSION_LIFETIME = { default: 86_400, min: 1_800, max: 7 * 86_400 } as const;

export const linkLineItemSchema = z
  .object({
    price_id: idSchema('price'),
    quantity: z.number().int().min(1).max(1_000_000).default(1),
    adjustable_quantity: z
      .object({
        enabled: z.boolean(),
        minimum: z.number().int().min(0).max(1_000_000).default(1),
        maximum: z.number().int().min(1).max(1_000_000).default(99),
      })
      .nullable()
      .default(null),
    /** A candidate the payer may add beside the cart; it is not in the cart at start. */
    cross_sell: z.boolean().default(false),
  })
  .superRefine((item, ctx) => {
    const bounds = item.adjustable_quantity;
    if (bounds?.enabled && (bounds.minimum > item.quantity || item.quantity > bounds.maximum)) {
      ctx.addIssue({
        code: 'custom',
        path: ['quantity'],
        message: 'quantity must lie between the adjustable minimum and maximum',
      });
    }
  });
export type LinkLineItem = z.output<typeof linkLineItemSchema>;

export const decimalTokenSchema = z
  .string()
  .regex(/^\d{1,30}(\.\d{1,18})?$/, 'Expected an amount like 5 or 2.50');

/** An avatar is an http(s) address or a path on the platform (`/.well-known/service/user/avatar/…`). */
const imageAddressSchema = z.union([
  httpUrlSchema,
  z
    .string()
    .regex(/^\/[^/]/)
    .max(2_048),
]);

export const BENEFICIARIES_MAX = 20;

/** One who receives part of a donation link's tips; `percent` is a whole number of percent. */
export const beneficiaryInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  /** Where their part is paid: a DID or a wallet address. */
  address: z.string().trim().min(1).max(200),
  avatar: imageAddressSchema.nullable().default(null),
  url: httpUrlSchema.nullable().default(null),
  percent: z.number().int().min(1).max(100).nullable().default(null),
});
export type BeneficiaryInput = z.output<typeof beneficiaryInputSchema>;

/** Every beneficiary has a percent and they add up to 100, or none has one and they share equally. */
export function checkBeneficiaries(beneficiaries: BeneficiaryInput[], ctx: z.RefinementCtx) {
  const issue = (message: string, path: (string | number)[] = []) =>
    ctx.addIssue({ code: 'custom', path: ['beneficiaries', ...path], message });
  const percents = beneficiaries.flatMap((beneficiary) => beneficiary.percent ?? []);
  if (percents.length > 0 && percents.length < beneficiaries.length) {
    issue('Give every beneficiary a percent, or none for equal shares');
  } else if (percents.length > 0) {
    const total = percents.reduce((sum, percent) => sum + percent, 0);
    if (total !== 100) issue(`Percents must add up to 100, not ${total}`);
  }
  const seen = new Set<string>();
  beneficiaries.forEach((beneficiary, index) => {
    if (seen.has(beneficiary.address)) issue('Each address may appear once', [index, 'address']);
    seen.add(beneficiary.address);
  });
}

export const donationSettingsSchema = z
  .object({
    presets: z.array(decimalTokenSchema).max(10).default([]),
    preset: decimalTokenSchema.nullable().default(null),
    minimum: decimalTokenSchema.default('0'),
    maximum: decimalTokenSchema,
    custom: z.boolean().default(true),
    beneficiaries: z.array(beneficiaryInputSchema).max(BENEFICIARIES_MAX).default([]),
  })
  .refine((d) => Number(d.minimum) <= Number(d.maximum), {
    path: ['maximum'],
    message: 'maximum must not be below minimum',
  })
  .superRefine((d, ctx) => {
    // Zod runs this even when a beneficiary failed its own checks; those are reported already.
    if (ctx.issues.length === 0) checkBeneficiaries(d.beneficiaries, ctx);
  });

export const afterCompletionInputSchema = z
  .object({
    type: z.enum(['hosted_confirmation', 'redirect']),
    hosted_confirmation: z
      .object({ custom_message: z.string().max(1_000).default('') })
      .nullable()
      .default(null),
    redirect: z.object({ url: httpUrlSchema }).nullable().default(null),
  })
  .refine((a) => a.type !== 'redirect' || a.redirect !== null, {
    path: ['redirect'],
    message: 'A redirect needs redirect.url',
  });

export const linkSubscriptionDataSchema = z.object({
  trial_period_days: z.number().int().min(0).max(730).default(0),
  trial_end: timestampSchema.nullable().default(null),
  /** Comma list of currency ids the trial applies to; empty means every currency. */
  trial_currency: z
    .string()
    .max(1_000)
    .regex(/^(pc_[A-Za-z0-9_]+(,pc_[A-Za-z0-9_]+)*)?$/, 'Expected a comma list of currency ids')
    .default(''),
  billing_threshold_amount: unitAmountSchema.default('0'),
  min_stake_amount: unitAmountSchema.default('0'),
});

const linkFields = {
  name: z.string().trim().min(1).max(250),
  currency_id: idSchema('paymentCurrency'),
  line_items: z
    .array(linkLineItemSchema)
    .min(1)
    .max(20)
    .refine(
      (items) => items.some((item) => !item.cross_sell),
      'At least one line item must not be a cross-sell',
    )
    .refine(
      (items) => new Set(items.map((i) => i.price_id)).size === items.length,
      'Each price may appear once',
    ),
  submit_type: paymentLinkSchema.shape.submit_type,
  phone_number_collection: z.object({ enabled: z.boolean() }),
  billing_address_collection: z.enum(['auto', 'required']),
  cross_sell_behavior: z.enum(['auto', 'required']),
  subscription_data: linkSubscriptionDataSchema.nullable(),
  after_completion: afterCompletionInputSchema,
  donation_settings: donationSettingsSchema.nullable(),
  expires_after_seconds: z.number().int().min(LINK_SESSION_LIFETIME.min).max(LINK_SESSION_LIFETIME.max),
  active: z.boolean(),
  metadata: metadataInputSchema,
};

export const createPaymentLinkBodySchema = z.object({
  ...livemodeBody,
  name: linkFields.name,
  currency_id: linkFields.currency_id,
  line_items: linkFields.line_items,
  submit_type: linkFields.submit_type.default('auto'),
  phone_number_collection: linkFields.phone_number_collection.default({ enabled: false }),
  billing_address_collection: linkFields.billing_address_collection.default('auto'),
  cross_sell_behavior: linkFields.cross_sell_behavior.default('auto'),
  subscription_data: linkFields.subscription_data.default(null),
  after_completion: linkFields.after_completion.default({
    type: 'hosted_confirmation',
    hosted_confirmation: { custom_message: '' },
    redirect: null,
  }),
  donation_settings: linkFields.donation_settings.default(null),
  expires_after_seconds: linkFields.expires_after_seconds.default(LINK_SESSION_LIFETIME.default),
  active: linkFields.active.default(true),
  metadata: linkFields.metadata.default({}),
});
export type CreatePaymentLinkBody = z.input<typeof createPaymentLinkBodySchema>;
export type CreatePaymentLinkInput = z.output<typeof createPaymentLinkBodySchema>;

export const updatePaymentLinkBodySchema = z.object(linkFields).partial();
export type UpdatePaymentLinkBody = z.input<typeof updatePaymentLinkBodySchema>;

export const listPaymentLinksQuerySchema = catalogueListQuery.extend({
  q: z.string().trim().max(100).optional(),
  ...catalogueSortQuery,
});
/** `GET /payment-links/export.csv`: the list's filters, every page at once, newest first. */
export const exportPaymentLinksQuerySchema = listPaymentLinksQuerySchema.omit(CATALOGUE_EXPORT_LEAVES_OUT);

export const adminPaymentLinkSchema = paymentLinkSchema.extend({
  object: z.literal('payment_link'),
  donation_settings: paymentLinkSchema.shape.donation_settings
    .unwrap()
    .extend({
      beneficiaries: z.array(
        z.object({
          name: z.string(),
          address: z.string(),
          avatar: z.string().nullable(),
          url: z.string().nullable(),
          percent: z.number().int().nullable(),
        }),
      ),
    })
    .nullable(),
  livemode: z.boolean(),
  currency_id: z.string(),
  line_items: z.array(
    z.object({
      price_id: z.string(),
      quantity: z.number().int(),
      adjustable_quantity: z
        .object({ enabled: z.boolean(), minimum: z.number().int(), maximum: z.number().int() })
        .nullable(),
      cross_sell: z.boolean(),
    }),
  ),
  phone_number_collection: z.object({ enabled: z.boolean() }),
  billing_address_collection: z.enum(['auto', 'required']),
  cross_sell_behavior: z.enum(['auto', 'required']),
  subscription_data: z
    .object({
      trial_period_days: z.number().int(),
      trial_end: timestampSchema.nullable(),
      trial_currency: z.string(),
      billing_threshold_amount: z.string(),
      min_stake_amount: z.string(),
    })
    .nullable(),
  expires_after_seconds: z.number().int(),
  metadata: metadataSchema,
  created_at: timestampSchema,
});
export type AdminPaymentLink = z.infer<typeof adminPaymentLinkSchema>;

// ---------------------------------------------------------------- payment methods and currencies

const chainSettings = {
  api_host: httpUrlSchema,
  /** Empty when the chain has no explorer (a local development chain). */
  explorer_host: httpUrlSchema.or(z.literal('')),
};
/**
 * An EVM method's vault receives payers' transfers and pulls from their allowances. Its private
 * key, `secret_key`, is write-only like the card provider's; `vault_address` is derived from it
 * on write. `confirmations`: how deep a payment's block must be before it counts.
 */
const evmSettingsSchema = z.object({
  chain_id: z.number().int().positive(),
  ...chainSettings,
  confirmations: z.number().int().min(0).max(100).default(1),
  secret_key: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'Expected a private key 0x + 64 hex digits')
    .optional(),
  vault_address: z.string().optional(),
});
const namedChainSettingsSchema = z.object({ chain_id: z.string().trim().min(1).max(64), ...chainSettings });

/**
 * The card provider's keys: the secret key and the webhook signing secret are write-only, kept on
 * the server and never answered. Without a signing secret the kit hears of payments only from the
 * payer's page; with one, Stripe's webhooks (`/stripe/webhooks/{methodId}`) settle them too.
 */
export const stripeSettingsSchema = z.object({
  publishable_key: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]{8,247}$/, 'Expected a publishable key pk_test_… or pk_live_…'),
  secret_key: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,247}$/, 'Expected a secret key sk_test_… or sk_live_…'),
  webhook_secret: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]{8,247}$/, 'Expected a webhook signing secret whsec_…')
    .optional(),
  dashboard: httpUrlSchema.default('https://dashboard.stripe.com'),
});

/** Settings per method type, as written; an update re-checks the merged settings against its type's schema. */
export const METHOD_SETTINGS_SCHEMAS = {
  stripe: stripeSettingsSchema,
  ethereum: evmSettingsSchema,
  base: evmSettingsSchema,
  arcblock: namedChainSettingsSchema,
  bitcoin: namedChainSettingsSchema,
} as const;

const methodCommon = {
  ...livemodeBody,
  name: z.string().trim().min(1).max(100),
  logo: z.string().max(2_048).default(''),
  active: z.boolean().default(true),
};

export const createPaymentMethodBodySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('stripe'), ...methodCommon, settings: stripeSettingsSchema }),
  z.object({ type: z.literal('ethereum'), ...methodCommon, settings: evmSettingsSchema }),
  z.object({ type: z.literal('base'), ...methodCommon, settings: evmSettingsSchema }),
  z.object({ type: z.literal('arcblock'), ...methodCommon, settings: namedChainSettingsSchema }),
  z.object({ type: z.literal('bitcoin'), ...methodCommon, settings: namedChainSettingsSchema }),
]);
export type CreatePaymentMethodBody = z.input<typeof createPaymentMethodBodySchema>;
export type CreatePaymentMethodInput = z.output<typeof createPaymentMethodBodySchema>;

/**
 * A method's type never changes. `settings` is merged over the stored ones and then checked
 * against the type's schema, so a stripe update may leave the secret key out to keep it.
 */
export const updatePaymentMethodBodySchema = z.object({
  name: methodCommon.name.optional(),
  logo: z.string().max(2_048).optional(),
  active: z.boolean().optional(),
  default_currency_id: idSchema('paymentCurrency').nullable().optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
});
export type UpdatePaymentMethodBody = z.input<typeof updatePaymentMethodBodySchema>;

export const listPaymentMethodsQuerySchema = catalogueListQuery.extend({
  type: paymentMethodSchema.shape.type.optional(),
});

export const adminPaymentMethodSchema = paymentMethodSchema.extend({
  object: z.literal('payment_method'),
  /** Whether a secret key is stored (the key itself is never answered). */
  has_secret_key: z.boolean(),
  /** Stripe only: whether a webhook signing secret is stored (never answered either). */
  has_webhook_secret: z.boolean(),
  created_at: timestampSchema,
});
export type AdminPaymentMethod = z.infer<typeof adminPaymentMethodSchema>;

/** An EVM token contract: 0x and 40 hex digits. */
export const contractAddressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a contract address 0x + 40 hex digits');

export const CURRENCY_MAX_DECIMAL = 18;
const currencyFields = {
  symbol: z.string().trim().min(1).max(16),
  name: z.string().trim().min(1).max(100),
  logo: z.string().max(2_048),
  decimal: z.number().int().min(0).max(CURRENCY_MAX_DECIMAL),
  maximum_precision: z.number().int().min(0).max(CURRENCY_MAX_DECIMAL),
  active: z.boolean(),
  contract: contractAddressSchema.nullable(),
};

export const createPaymentCurrencyBodySchema = z
  .object({
    payment_method_id: idSchema('paymentMethod'),
    symbol: currencyFields.symbol,
    name: currencyFields.name,
    logo: currencyFields.logo.default(''),
    decimal: currencyFields.decimal,
    maximum_precision: currencyFields.maximum_precision.optional(),
    active: currencyFields.active.default(true),
    contract: currencyFields.contract.default(null),
    /** A currency lives in its method's mode; when given, it must say the same (test and live never mix). */
    livemode: z.boolean().optional(),
  })
  .transform((body) => ({ ...body, maximum_precision: body.maximum_precision ?? body.decimal }))
  .refine((body) => body.maximum_precision <= body.decimal, {
    path: ['maximum_precision'],
    message: 'maximum_precision must not exceed decimal',
  });
export type CreatePaymentCurrencyBody = z.input<typeof createPaymentCurrencyBodySchema>;

export const updatePaymentCurrencyBodySchema = z.object(currencyFields).partial();
export type UpdatePaymentCurrencyBody = z.input<typeof updatePaymentCurrencyBodySchema>;

export const listPaymentCurrenciesQuerySchema = catalogueListQuery.extend({
  payment_method_id: idSchema('paymentMethod').optional(),
});

export const adminPaymentCurrencySchema = paymentCurrencySchema.extend({
  object: z.literal('payment_currency'),
  created_at: timestampSchema,
});
export type AdminPaymentCurrency = z.infer<typeof adminPaymentCurrencySchema>;
