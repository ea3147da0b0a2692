import { StripeApiError, type StripeErrorBody } from './api-error.ts';
import { encodeFormBody } from './form-body.ts';
import { intentIdOfClientSecret } from './ids.ts';
import type { PayerCard, PaymentIntentOrSetupIntent } from './types.ts';

/** `/v1/payment_intents/pi_…` or `/v1/setup_intents/seti_…`, from the client secret as Stripe.js reads it. */
function intentPath(clientSecret: string): string {
  const id = intentIdOfClientSecret(clientSecret);
  if (!id) {
    throw new TypeError(
      `Invalid client secret: expected one of the form \${id}_secret_\${secret}, got ${JSON.stringify(clientSecret)}`,
    );
  }
  return `/v1/${id.startsWith('seti_') ? 'setup_intents' : 'payment_intents'}/${id}`;
}

/**
 * What the payer's Stripe.js does, over HTTP with the publishable key like the browser, so the
 * stand-in's API is exercised the same way (counted, answered with the publishable view).
 */
export function createPayer(apiUrl: string, publishableKey: string) {
  async function post(path: string, fields: Record<string, unknown>): Promise<PaymentIntentOrSetupIntent> {
    const response = await fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: encodeFormBody({ key: publishableKey, ...fields }),
    });
    const body = (await response.json()) as { error?: StripeErrorBody };
    if (!response.ok) {
      throw new StripeApiError(
        response.status,
        body.error ?? { type: 'api_error', message: 'No error body' },
      );
    }
    return body as PaymentIntentOrSetupIntent;
  }

  return {
    confirm(input: { clientSecret: string; card: PayerCard }): Promise<PaymentIntentOrSetupIntent> {
      const { card } = input;
      return post(`${intentPath(input.clientSecret)}/confirm`, {
        client_secret: input.clientSecret,
        expected_payment_method_type: 'card',
        use_stripe_sdk: true,
        payment_method_data: {
          type: 'card',
          // The payer may type spaces; Stripe.js sends the digits.
          card: {
            number: card.number.replace(/\D/g, ''),
            exp_month: card.exp_month,
            exp_year: card.exp_year,
            cvc: card.cvc,
          },
        },
      });
    },
    authenticate(input: {
      clientSecret: string;
      outcome: 'approve' | 'fail';
    }): Promise<PaymentIntentOrSetupIntent> {
      return post(`${intentPath(input.clientSecret)}/test_authenticate`, {
        client_secret: input.clientSecret,
        outcome: input.outcome,
      });
    },
  };
}
