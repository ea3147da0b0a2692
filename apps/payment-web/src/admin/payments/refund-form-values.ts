import { formatMoney } from '@bazaar/payment-react';
import type { Translate } from '@bazaar/i18n';
import type { AdminPayment, REFUND_REASONS } from '@bazaar/schemas';
import type { RefundBody } from '../api/payments-api.ts';
import { readTypedAmount } from '../prices/typed-amount.ts';

export interface RefundFormValues {
  /** All that is left of the payment, or the amount typed. */
  scope: 'full' | 'partial';
  /** Typed in the currency's units (`4.50`), read exactly, never through a float. */
  amount: string;
  reason: (typeof REFUND_REASONS)[number];
  description: string;
}

/** The form's fields the API's problems may name. */
export const REFUND_FORM_FIELDS = ['amount', 'reason', 'description'] as const;

export const DEFAULT_REFUND_VALUES: RefundFormValues = {
  scope: 'full',
  amount: '',
  reason: 'requested_by_customer',
  description: '',
};

/**
 * The API body for what was typed, or the problem with the amount: a partial refund is more than
 * nothing, at most what is left to refund, and has no more decimals than the currency.
 */
export function refundBodyOf(
  values: RefundFormValues,
  payment: Pick<AdminPayment, 'id' | 'currency' | 'amount_refundable'>,
  t: Translate,
): { body: RefundBody } | { amountError: string } {
  const refundable = BigInt(payment.amount_refundable);
  let units = refundable;
  if (values.scope === 'partial') {
    const typed = readTypedAmount(values.amount, payment.currency.decimal, t);
    if ('message' in typed) return { amountError: typed.message };
    if (typed.units <= 0n) return { amountError: t('payment.admin.refund.error.positive') };
    if (typed.units > refundable) {
      return {
        amountError: t('payment.admin.refund.error.tooMuch', {
          amount: formatMoney(refundable, payment.currency),
        }),
      };
    }
    units = typed.units;
  }
  const description = values.description.trim();
  return {
    body: {
      payment_intent_id: payment.id,
      amount: units.toString(),
      reason: values.reason,
      ...(description ? { description } : {}),
    },
  };
}
