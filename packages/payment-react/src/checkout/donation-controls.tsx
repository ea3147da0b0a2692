import { Suspense } from 'react';
import type { PaymentCurrency } from '@bazaar/schemas';
import { DonationAmountPicker } from './donation-amount-picker.tsx';
import { BenefitsToggle, BenefitsView } from './donation-benefits-loader.tsx';
import type { DonationTip } from './use-donation-tip.ts';

export interface DonationControlsProps {
  tip: DonationTip;
  currency: PaymentCurrency;
  /** The payer's did, null for a guest: whose choice is remembered. */
  did: string | null;
  isDisabled: boolean;
}

/** The tip picker, with the beneficiaries toggle at the end of its title when the link names some. */
export function DonationControls({ tip, currency, did, isDisabled }: DonationControlsProps) {
  const { picker, benefits } = tip;
  if (!picker) return null;
  return (
    <DonationAmountPicker
      key={currency.id}
      item={picker.item}
      terms={picker.terms}
      currency={currency}
      did={did}
      isDisabled={isDisabled}
      onChange={tip.changeAmount}
      onValidityChange={tip.setIsAmountValid}
      action={
        benefits.list.length > 0 ? (
          <Suspense fallback={null}>
            <BenefitsToggle benefits={benefits.list} isListOpen={benefits.isOpen} onOpen={benefits.open} />
          </Suspense>
        ) : null
      }
    />
  );
}

/** Who receives the tip, shown in place of the form while the payer looks at them. */
export function DonationBenefitsList({ tip, currency }: Pick<DonationControlsProps, 'tip' | 'currency'>) {
  const { benefits } = tip;
  if (!benefits.isOpen) return null;
  return (
    <Suspense fallback={null}>
      <BenefitsView benefits={benefits.list} currency={currency} onClose={benefits.close} />
    </Suspense>
  );
}
