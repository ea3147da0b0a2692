import { useState } from 'react';
import type { CheckoutSession, PaymentCurrency } from '@bazaar/schemas';
import { useBenefits } from '../api/use-benefits.ts';
import { amountDueIn } from './checkout-amounts.ts';

/**
 * A donation's beneficiaries with their parts of the tip being chosen, and whether the payer is
 * looking at them instead of the form.
 */
export function useDonationBenefits(session: CheckoutSession | null, currency: PaymentCurrency) {
  const query = useBenefits(
    session?.payment_link_id ?? null,
    session ? amountDueIn(session, currency.id) : null,
  );
  const [isOpen, setIsOpen] = useState(false);
  return {
    list: query.data ?? [],
    isOpen,
    open: () => setIsOpen(true),
    close: () => setIsOpen(false),
  };
}
