import { useState } from 'react';
import type { CheckoutSession, PaymentCurrency } from '@bazaar/schemas';
import { useSessionChange } from '../api/use-session-change.ts';
import { linePrice } from './checkout-amounts.ts';
import { customAmountTermsIn } from './custom-amount.ts';
import { useDonationBenefits } from './use-donation-benefits.ts';

/**
 * A donation's tip as the payment panel holds it: its line and the terms of a custom amount
 * (`picker` is null for anything but a donation that lets the payer choose), the amount sent to
 * the session as it is chosen, and the beneficiaries. Paying waits (`isBlocked`) while the typed
 * amount is refused or still being sent.
 */
export function useDonationTip(checkoutQueryId: string, session: CheckoutSession, currency: PaymentCurrency) {
  const amountChange = useSessionChange(checkoutQueryId, session.id);
  const [isAmountValid, setIsAmountValid] = useState(true);
  const item = session.submit_type === 'donate' ? session.line_items[0] : undefined;
  const terms = item ? customAmountTermsIn(linePrice(item), currency.id) : null;
  const benefits = useDonationBenefits(item ? session : null, currency);
  return {
    isDonation: item !== undefined,
    picker: item && terms ? { item, terms } : null,
    isBlocked: terms !== null && (!isAmountValid || amountChange.isChanging),
    changeAmount: amountChange.change,
    setIsAmountValid,
    benefits,
  };
}

export type DonationTip = ReturnType<typeof useDonationTip>;
