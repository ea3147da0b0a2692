import type { RecurringInterval } from '@bazaar/money';
import type { Translate } from '@bazaar/i18n';
import type { AdminPaymentCurrency, AdminPrice, CreatePriceBody, UpdatePriceBody } from '@bazaar/schemas';
import { readTypedAmount } from './typed-amount.ts';

export type PriceModel = 'fixed' | 'custom' | 'tiered';
export const PRICE_MODELS: readonly PriceModel[] = ['fixed', 'custom', 'tiered'];

/**
 * The price form as typed: amounts in the currency's units (`19.99`), counts as text. Field
 * names follow the API's body, so the server's problems land on the fields that caused them.
 */
export interface PriceFormValues {
  currency_id: string;
  type: 'one_time' | 'recurring';
  recurring: { interval: RecurringInterval; interval_count: string; usage_type: 'licensed' | 'metered' };
  model: PriceModel;
  unit_amount: string;
  custom_unit_amount: { minimum: string; maximum: string; presets: string; preset: string };
  tiers_mode: 'graduated' | 'volume';
  /** `up_to` empty means "and above", which only the last tier may be. */
  tiers: { up_to: string; unit_amount: string; flat_amount: string }[];
  currency_options: { currency_id: string; unit_amount: string }[];
  /** A price id, or empty for none. */
  upsell: string;
  quantity_available: string;
  quantity_limit_per_checkout: string;
  nickname: string;
}

/** Every field the form shows, for placing the server's problems (`*` is any row). */
export const PRICE_FORM_FIELDS = [
  'currency_id',
  'type',
  'recurring',
  'recurring.interval',
  'recurring.interval_count',
  'recurring.usage_type',
  'unit_amount',
  'custom_unit_amount',
  'custom_unit_amount.minimum',
  'custom_unit_amount.maximum',
  'custom_unit_amount.presets',
  'custom_unit_amount.preset',
  'tiers_mode',
  'tiers',
  'tiers.*.up_to',
  'tiers.*.unit_amount',
  'tiers.*.flat_amount',
  'currency_options.*.currency_id',
  'currency_options.*.unit_amount',
  'upsell',
  'quantity_available',
  'quantity_limit_per_checkout',
  'nickname',
] as const;

export function defaultPriceValues(currencyId: string): PriceFormValues {
  return {
    currency_id: currencyId,
    type: 'one_time',
    recurring: { interval: 'month', interval_count: '1', usage_type: 'licensed' },
    model: 'fixed',
    unit_amount: '',
    custom_unit_amount: { minimum: '', maximum: '', presets: '', preset: '' },
    tiers_mode: 'graduated',
    tiers: [
      { up_to: '', unit_amount: '', flat_amount: '' },
      { up_to: '', unit_amount: '', flat_amount: '' },
    ],
    currency_options: [],
    upsell: '',
    quantity_available: '0',
    quantity_limit_per_checkout: '0',
    nickname: '',
  };
}

export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * The API body for what was typed, or the problems that stop it: amounts become the smallest
 * unit exactly (never a float), in the decimals of the currency they are in.
 */
export function priceBodyOf(
  values: PriceFormValues,
  { productId, currencies, t }: { productId: string; currencies: AdminPaymentCurrency[]; t: Translate },
): { body: Omit<CreatePriceBody, 'livemode'>; issues: [] } | { body: null; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const decimalsOf = (currencyId: string) => currencies.find((each) => each.id === currencyId)?.decimal ?? 0;

  const amount = (path: string, text: string, currencyId: string, isRequired: boolean): string | null => {
    if (text.trim() === '') {
      if (isRequired) issues.push({ path, message: t('payment.admin.price.error.required') });
      return null;
    }
    const read = readTypedAmount(text, decimalsOf(currencyId), t);
    if ('message' in read) {
      issues.push({ path, message: read.message });
      return null;
    }
    return read.units.toString();
  };
  const count = countReader(issues, t);

  const currencyId = values.currency_id;
  if (!currencyId) issues.push({ path: 'currency_id', message: t('payment.admin.price.error.required') });
  const isTiered = values.model === 'tiered';
  const customText = values.custom_unit_amount;
  const presets = customText.presets
    .split(',')
    .map((each) => each.trim())
    .filter(Boolean);

  const body = {
    product_id: productId,
    currency_id: currencyId,
    type: values.type,
    recurring:
      values.type === 'recurring'
        ? {
            interval: values.recurring.interval,
            interval_count: count('recurring.interval_count', values.recurring.interval_count) ?? 1,
            usage_type: values.recurring.usage_type,
          }
        : null,
    billing_scheme: isTiered ? ('tiered' as const) : ('per_unit' as const),
    tiers_mode: isTiered ? values.tiers_mode : null,
    unit_amount:
      values.model === 'fixed' ? amount('unit_amount', values.unit_amount, currencyId, true) : null,
    custom_unit_amount:
      values.model === 'custom'
        ? {
            minimum: amount('custom_unit_amount.minimum', customText.minimum, currencyId, false),
            maximum: amount('custom_unit_amount.maximum', customText.maximum, currencyId, false),
            presets: presets.map(
              (each) => amount('custom_unit_amount.presets', each, currencyId, true) ?? '0',
            ),
            preset: amount('custom_unit_amount.preset', customText.preset, currencyId, false),
          }
        : null,
    tiers: isTiered
      ? values.tiers.map((tier, index) => ({
          up_to: count(`tiers.${index}.up_to`, tier.up_to, { isRequired: index < values.tiers.length - 1 }),
          unit_amount: amount(`tiers.${index}.unit_amount`, tier.unit_amount, currencyId, false),
          flat_amount: amount(`tiers.${index}.flat_amount`, tier.flat_amount, currencyId, false),
        }))
      : null,
    currency_options:
      values.model === 'fixed'
        ? values.currency_options.map((option, index) => ({
            currency_id: option.currency_id,
            unit_amount: amount(
              `currency_options.${index}.unit_amount`,
              option.unit_amount,
              option.currency_id,
              true,
            ),
          }))
        : [],
    ...saleTermsOf(values, count),
  };
  return issues.length > 0 ? { body: null, issues } : { body, issues: [] };
}

/** What may change of a price once made: how it is sold and its nickname, never what it charges. */
export type PriceSaleValues = Pick<
  PriceFormValues,
  'upsell' | 'quantity_available' | 'quantity_limit_per_checkout' | 'nickname'
>;

export function priceSaleValuesOf(price: AdminPrice): PriceSaleValues {
  return {
    upsell: price.upsell?.upsells_to_id ?? '',
    quantity_available: String(price.quantity_available),
    quantity_limit_per_checkout: String(price.quantity_limit_per_checkout),
    nickname: price.nickname,
  };
}

/** The API body that changes a price's sale terms to what was typed, or the problems that stop it. */
export function priceSaleBodyOf(
  values: PriceSaleValues,
  t: Translate,
): { body: UpdatePriceBody; issues: [] } | { body: null; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const body = saleTermsOf(values, countReader(issues, t));
  return issues.length > 0 ? { body: null, issues } : { body, issues: [] };
}

type CountReader = (path: string, text: string, options?: { isRequired?: boolean }) => number | null;

/** Reads a whole count that was typed, or notes at its field why it is not one. */
function countReader(issues: FieldIssue[], t: Translate): CountReader {
  return (path, text, { isRequired = true } = {}) => {
    if (text.trim() === '' && !isRequired) return null;
    const value = Number(text);
    if (text.trim() === '' || !Number.isInteger(value) || value < 0) {
      issues.push({ path, message: t('payment.admin.price.error.wholeNumber') });
      return null;
    }
    return value;
  };
}

function saleTermsOf(values: PriceSaleValues, count: CountReader) {
  return {
    upsell: values.upsell ? { upsells_to_id: values.upsell } : null,
    quantity_available: count('quantity_available', values.quantity_available) ?? 0,
    quantity_limit_per_checkout:
      count('quantity_limit_per_checkout', values.quantity_limit_per_checkout) ?? 0,
    nickname: values.nickname,
  };
}
