import { LINK_SESSION_LIFETIME, type AdminPaymentLink, type UpdatePaymentLinkBody } from '@bazaar/schemas';

export const SECONDS_PER_HOUR = 3_600;

/** The link form as typed; names follow the API's body so the server's problems find their fields. */
export interface PaymentLinkFormValues {
  name: string;
  currency_id: string;
  line_items: {
    price_id: string;
    quantity: string;
    adjustable_quantity: { enabled: boolean; minimum: string; maximum: string };
    cross_sell: boolean;
  }[];
  submit_type: 'auto' | 'pay' | 'donate' | 'book';
  phone_number_collection: { enabled: boolean };
  is_billing_address_required: boolean;
  is_cross_sell_required: boolean;
  subscription_data: { trial_period_days: string };
  after_completion: {
    type: 'hosted_confirmation' | 'redirect';
    hosted_confirmation: { custom_message: string };
    redirect: { url: string };
  };
  expires_after_hours: string;
}

/**
 * What the form sends, to create a link or to change one: every field it shows, and never
 * `active`, `donation_settings` or `metadata`, which it does not, so a change keeps them.
 */
export type PaymentLinkFormBody = Required<
  Omit<UpdatePaymentLinkBody, 'active' | 'donation_settings' | 'metadata'>
>;

export const PAYMENT_LINK_FORM_FIELDS = [
  'name',
  'currency_id',
  'line_items',
  'line_items.*.price_id',
  'line_items.*.quantity',
  'line_items.*.adjustable_quantity.minimum',
  'line_items.*.adjustable_quantity.maximum',
  'submit_type',
  'subscription_data.trial_period_days',
  'after_completion.hosted_confirmation.custom_message',
  'after_completion.redirect',
  'after_completion.redirect.url',
] as const;

export const emptyLineItem = (priceId = ''): PaymentLinkFormValues['line_items'][number] => ({
  price_id: priceId,
  quantity: '1',
  adjustable_quantity: { enabled: false, minimum: '1', maximum: '99' },
  cross_sell: false,
});

export function defaultPaymentLinkValues(currencyId: string): PaymentLinkFormValues {
  return {
    name: '',
    currency_id: currencyId,
    line_items: [emptyLineItem()],
    submit_type: 'auto',
    phone_number_collection: { enabled: false },
    is_billing_address_required: false,
    is_cross_sell_required: false,
    subscription_data: { trial_period_days: '0' },
    after_completion: {
      type: 'hosted_confirmation',
      hosted_confirmation: { custom_message: '' },
      redirect: { url: '' },
    },
    expires_after_hours: String(LINK_SESSION_LIFETIME.default / SECONDS_PER_HOUR),
  };
}

/** A link as the form shows it to be changed: what `paymentLinkBodyOf` would send back unchanged. */
export function paymentLinkValuesOf(link: AdminPaymentLink): PaymentLinkFormValues {
  return {
    name: link.name,
    currency_id: link.currency_id,
    line_items: link.line_items.map((item) => ({
      price_id: item.price_id,
      quantity: String(item.quantity),
      adjustable_quantity: item.adjustable_quantity
        ? {
            enabled: item.adjustable_quantity.enabled,
            minimum: String(item.adjustable_quantity.minimum),
            maximum: String(item.adjustable_quantity.maximum),
          }
        : emptyLineItem().adjustable_quantity,
      cross_sell: item.cross_sell,
    })),
    submit_type: link.submit_type,
    phone_number_collection: { enabled: link.phone_number_collection.enabled },
    is_billing_address_required: link.billing_address_collection === 'required',
    is_cross_sell_required: link.cross_sell_behavior === 'required',
    subscription_data: { trial_period_days: String(link.subscription_data?.trial_period_days ?? 0) },
    // Both answers are kept, so switching to the other and back loses neither.
    after_completion: {
      type: link.after_completion.type,
      hosted_confirmation: {
        custom_message: link.after_completion.hosted_confirmation?.custom_message ?? '',
      },
      redirect: { url: link.after_completion.redirect?.url ?? '' },
    },
    expires_after_hours: String(link.expires_after_seconds / SECONDS_PER_HOUR),
  };
}

/** Counts as the API takes them; what is not a number is sent as typed for the server to name. */
const toCount = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

interface BodyContext {
  hasRecurringItem: boolean;
  /**
   * The subscription terms of the link being changed. Those the form does not show (staking,
   * the trial's currencies) are sent back as they are: the API replaces `subscription_data` whole.
   */
  subscriptionTerms?: AdminPaymentLink['subscription_data'];
}

/** The API body for what was typed; the server checks it and says what is wrong, field by field. */
export function paymentLinkBodyOf(
  values: PaymentLinkFormValues,
  { hasRecurringItem, subscriptionTerms = null }: BodyContext,
): PaymentLinkFormBody {
  const { after_completion: afterCompletion } = values;
  const trialDays = toCount(values.subscription_data.trial_period_days);
  return {
    name: values.name,
    currency_id: values.currency_id,
    line_items: values.line_items.map((item) => ({
      price_id: item.price_id,
      quantity: toCount(item.quantity),
      adjustable_quantity: item.adjustable_quantity.enabled
        ? {
            enabled: true,
            minimum: toCount(item.adjustable_quantity.minimum),
            maximum: toCount(item.adjustable_quantity.maximum),
          }
        : null,
      cross_sell: item.cross_sell,
    })),
    submit_type: values.submit_type,
    phone_number_collection: values.phone_number_collection,
    billing_address_collection: values.is_billing_address_required ? 'required' : 'auto',
    cross_sell_behavior: values.is_cross_sell_required ? 'required' : 'auto',
    subscription_data:
      hasRecurringItem && (trialDays > 0 || subscriptionTerms)
        ? { ...subscriptionTerms, trial_period_days: trialDays }
        : null,
    after_completion:
      afterCompletion.type === 'redirect'
        ? { type: 'redirect', redirect: { url: afterCompletion.redirect.url.trim() } }
        : {
            type: 'hosted_confirmation',
            hosted_confirmation: { custom_message: afterCompletion.hosted_confirmation.custom_message },
          },
    expires_after_seconds: Math.round(toCount(values.expires_after_hours) * SECONDS_PER_HOUR),
  };
}
