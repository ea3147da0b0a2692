import type { CardContext } from '@bazaar/schemas';
import type { PaymentError, PaymentIntentRecord } from '../modules/payment-intents/service.ts';

/** A card kept at the card network for charges without the payer present (renewals). */
export interface SavedCard {
  card_id: string;
  brand: string;
  last4: string;
}

/** An intent the payer is about to confirm with a card on the page. */
export interface CardIntent {
  record: PaymentIntentRecord;
  /** What the card pays for charges it again later (a subscription, a card setup): the network keeps it. */
  keepCard: boolean;
  now: number;
}

export interface SavedCardCharge {
  cardId: string;
  /** The intent the charge pays, its method and its payer. */
  paymentIntentId: string;
  paymentMethodId: string;
  customerId: string;
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
  paymentMethodId: string;
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
 * What checkouts, the billing engine and refunds need of a card provider. The built-in test card
 * network and Stripe (`providers/stripe/`) implement it; `createCardNetworks` picks one per method.
 */
export interface CardNetwork {
  /** Readies the intent for the payer's card: what the page needs to confirm it with the network. */
  prepareIntent(input: CardIntent): Promise<CardContext>;
  chargeSavedCard(input: SavedCardCharge): Promise<ChargeOutcome>;
  refund(input: CardRefund): Promise<CardRefundOutcome>;
}
