import type { Translate } from '@bazaar/i18n';
import type { StartCheckoutResponse } from '@bazaar/schemas';
import { extractErrorText } from '../api/error-text.ts';

/** What the checkout page shows: exactly one of these, chosen by `resolveCheckoutView`. */
export type CheckoutView =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'expired' }
  | { kind: 'empty' }
  | { kind: 'form'; checkout: StartCheckoutResponse }
  | { kind: 'completed'; checkout: StartCheckoutResponse };

export interface CheckoutViewInput {
  checkout: StartCheckoutResponse | undefined;
  error: unknown;
  /**
   * The skeleton stays at least ~500 ms so a fast answer does not flash, and until the payer is
   * known, so a signed-in payer never sees the guest's button first.
   */
  isReady: boolean;
  nowSeconds: number;
}

/**
 * Picks the page state. A complete session shows the success panel even after it expires,
 * so a payer who reloads still finds their invoice link.
 */
export function resolveCheckoutView(input: CheckoutViewInput, t: Translate): CheckoutView {
  const { checkout, error, isReady, nowSeconds } = input;
  if (error) return { kind: 'error', message: extractErrorText(error, t) };
  if (!checkout || !isReady) return { kind: 'loading' };
  const session = checkout.checkoutSession;
  if (session.status === 'complete') return { kind: 'completed', checkout };
  if (session.status === 'expired' || session.expires_at <= nowSeconds) return { kind: 'expired' };
  if (session.line_items.length === 0) return { kind: 'empty' };
  return { kind: 'form', checkout };
}

/** Whether a polled session counts as paid: complete, and paid or needing no payment. */
export function isCheckoutPaid(checkout: StartCheckoutResponse): boolean {
  const { status, payment_status: paymentStatus } = checkout.checkoutSession;
  return status === 'complete' && (paymentStatus === 'paid' || paymentStatus === 'no_payment_required');
}
