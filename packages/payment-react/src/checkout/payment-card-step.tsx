import { lazy, Suspense } from 'react';
import type { TestCardInput } from '../api/checkout-api.ts';
import type { CardPurpose } from './card-purpose.ts';
import type { CardStep } from './submit-machine.ts';
import { TestCardStep } from './test-card-step.tsx';
import type { ProviderConfirmation } from './use-card-confirmation.ts';

// Stripe.js and its React bindings load only when a keyed Stripe method asks for a card.
const StripeCardStep = lazy(() =>
  import('./stripe-card-step.tsx').then((module) => ({ default: module.StripeCardStep })),
);

export interface PaymentCardStepProps {
  /** A payment unless told otherwise. */
  purpose?: CardPurpose;
  card: CardStep;
  isConfirming: boolean;
  error: string | null;
  isTestMode: boolean;
  onConfirmTestCard: (card: TestCardInput) => void;
  onConfirmAtProvider: (confirm: () => Promise<ProviderConfirmation>) => void;
  onCancel: () => void;
}

/** The card step of the card's network: the built-in test card form, or Stripe's. */
export function PaymentCardStep({
  purpose = 'pay',
  card,
  isConfirming,
  error,
  isTestMode,
  onConfirmTestCard,
  onConfirmAtProvider,
  onCancel,
}: PaymentCardStepProps) {
  if (card.provider === 'stripe') {
    return (
      <Suspense fallback={null}>
        <StripeCardStep
          purpose={purpose}
          card={card}
          isConfirming={isConfirming}
          error={error}
          onConfirm={onConfirmAtProvider}
          onCancel={onCancel}
        />
      </Suspense>
    );
  }
  return (
    <TestCardStep
      purpose={purpose}
      isConfirming={isConfirming}
      error={error}
      isTestMode={isTestMode}
      onConfirm={onConfirmTestCard}
      onCancel={onCancel}
    />
  );
}
