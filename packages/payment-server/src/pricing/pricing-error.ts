import type { ErrorDetail } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';

/** Why the pricing math refused its input; tests and callers branch on this, people read `message`. */
export type PricingProblem =
  'invalid_tiers' | 'invalid_quantity' | 'invalid_custom_amount' | 'currency_unavailable' | 'not_recurring';

/**
 * An AppError, so a route that lets it escape still answers with the envelope: a price without
 * an amount in the chosen currency is PAYMENT_METHOD_UNAVAILABLE (the payer picks another
 * currency), every other problem is bad input (VALIDATION_FAILED).
 */
export class PricingError extends AppError {
  readonly problem: PricingProblem;

  constructor(problem: PricingProblem, message: string, details?: ErrorDetail[]) {
    super(
      problem === 'currency_unavailable' ? 'PAYMENT_METHOD_UNAVAILABLE' : 'VALIDATION_FAILED',
      message,
      details,
    );
    this.name = 'PricingError';
    this.problem = problem;
  }
}
