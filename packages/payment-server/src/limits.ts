/** The Payment Kit's abuse limits; the host passes its configuration, tests may raise them. */
export interface PaymentLimits {
  /** How long a submit holds limited stock for its payer (a payment on its way holds it longer). */
  stockHoldSeconds: number;
  /** How many unpaid checkouts of one customer may hold limited stock at once. */
  stockHoldsPerCustomer: number;
  /** How long an abandoned session (expired, never submitted) is kept before the sweeper deletes it. */
  abandonedSessionRetentionSeconds: number;
}

export const DEFAULT_PAYMENT_LIMITS: PaymentLimits = {
  stockHoldSeconds: 15 * 60,
  stockHoldsPerCustomer: 3,
  abandonedSessionRetentionSeconds: 24 * 3_600,
};
