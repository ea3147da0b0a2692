import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElementLocale } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { usePaymentContext } from '../provider/payment-context.ts';
import type { CardPurpose } from './card-purpose.ts';
import { CardStepFrame } from './card-step-frame.tsx';
import type { CardStep } from './submit-machine.ts';
import type { ProviderConfirmation } from './use-card-confirmation.ts';

// Stripe.js loads once per key, when a card step of that key first shows.
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeOf(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

export interface StripeCardStepProps {
  purpose: CardPurpose;
  card: CardStep;
  isConfirming: boolean;
  error: string | null;
  onConfirm: (confirm: () => Promise<ProviderConfirmation>) => void;
  onCancel: () => void;
}

/** The card step of a keyed Stripe method: Stripe's Payment Element, confirmed by Stripe.js (3-D Secure included). */
export function StripeCardStep(props: StripeCardStepProps) {
  const { locale } = usePaymentContext();
  const { card } = props;
  return (
    <Elements
      stripe={stripeOf(card.publishableKey ?? '')}
      options={{ clientSecret: card.clientSecret, locale: locale as StripeElementLocale }}
    >
      <StripeCardForm {...props} />
    </Elements>
  );
}

function StripeCardForm({ purpose, card, isConfirming, error, onConfirm, onCancel }: StripeCardStepProps) {
  const { t } = usePaymentContext();
  const stripe = useStripe();
  const elements = useElements();
  const [isElementReady, setElementReady] = useState(false);

  const confirmAtStripe = async (): Promise<ProviderConfirmation> => {
    if (!stripe || !elements) return { error: null };
    const options = { elements, redirect: 'if_required' as const };
    const result =
      card.intentType === 'setup_intent'
        ? await stripe.confirmSetup(options)
        : await stripe.confirmPayment(options);
    if (!result.error) return { error: null };
    return {
      error: {
        message: result.error.message ?? t('payment.error.card_declined'),
        // Stripe.js refuses an incomplete form itself; anything else reached Stripe.
        isSent: result.error.type !== 'validation_error',
      },
    };
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onConfirm(confirmAtStripe);
  };

  return (
    <CardStepFrame
      purpose={purpose}
      isConfirming={isConfirming}
      isReady={Boolean(stripe && elements) && isElementReady}
      error={error}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <PaymentElement onReady={() => setElementReady(true)} />
    </CardStepFrame>
  );
}
