import type { MessageKey, Translate } from '@bazaar/i18n';
import type { CheckoutSession } from '@bazaar/schemas';

/** The action word: Pay, Subscribe, Set up or Donate; a guest's button reads "Connect and …". */
export function payButtonLabel(session: CheckoutSession, isGuest: boolean, t: Translate): string {
  const key: MessageKey =
    session.submit_type === 'donate'
      ? 'payment.checkout.action.donate'
      : session.mode === 'subscription'
        ? 'payment.checkout.action.subscribe'
        : session.mode === 'setup'
          ? 'payment.checkout.action.setup'
          : 'payment.checkout.action.pay';
  return isGuest ? t('payment.checkout.action.connect', { action: t(key) }) : t(key);
}

/** Donations may be paid without signing in; everything else needs a user. */
export function isLoginRequired(session: CheckoutSession, isSignedIn: boolean): boolean {
  return !isSignedIn && session.submit_type !== 'donate';
}
