import type { PaymentError } from '../modules/payment-intents/service.ts';

/** A card kept at the card network for charges without the payer present (renewals). */
export interface SavedCard {
  card_id: string;
  brand: string;
  last4: string;
}

export interface SavedCardCharge {
  cardId: string;
  amount: bigint;
  currencyId: string;
  /** The same key always gets the first answer and never a second charge. */
  idempotencyKey: string;
  now: number;
}

export type ChargeOutcome =
  { status: 'succeeded'; chargeId: string } | { status: 'failed'; chargeId: string; error: PaymentError };

/** Money back to the card that paid `paymentIntentId`. */
export interface CardRefund {
  paymentIntentId: string;
  /** The card the payment was made with, as the intent shows it (null if it shows none). */
  card: { brand: string; last4: string } | null;
  amount: bigint;
  currencyId: string;
  /** The same key always gets the first answer and never a second refund. */
  idempotencyKey: string;
  now: number;
}

/** `pending`: the provider answers later (its webhook settles the refund). */
export type CardRefundOutcome =
  | { status: 'succeeded'; refundId: string }
  | { status: 'pending'; refundId: string }
  | { status: 'failed'; refundId: string; message: string };

/**
 * What the billing engine and refunds need of a card provider. The built-in test card network implements
 * it; a real provider's adapter (its SDK pointed at its servers) will implement the same.
 */
export interface CardNetwork {
  chargeSavedCard(input: SavedCardCharge): Promise<ChargeOutcome>;
  refund(input: CardRefund): Promise<CardRefundOutcome>;
}
