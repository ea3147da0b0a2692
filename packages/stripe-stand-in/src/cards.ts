/**
 * Stripe's documented test cards (https://docs.stripe.com/testing) and how each behaves. A card is
 * only ever known by its number on the payer's side; after that the stand-in keeps its behaviour
 * with the payment method, as Stripe does.
 */

export type CardBrand =
  'visa' | 'mastercard' | 'amex' | 'discover' | 'jcb' | 'diners' | 'unionpay' | 'unknown';

/** What the issuer says when it refuses, as Stripe words it. */
export interface Decline {
  code: string;
  declineCode: string | null;
  message: string;
}

export const DECLINES = {
  generic: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  insufficientFunds: {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  lostCard: { code: 'card_declined', declineCode: 'lost_card', message: 'Your card was declined.' },
  stolenCard: { code: 'card_declined', declineCode: 'stolen_card', message: 'Your card was declined.' },
  expiredCard: { code: 'expired_card', declineCode: 'expired_card', message: 'Your card has expired.' },
  incorrectCvc: {
    code: 'incorrect_cvc',
    declineCode: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  processingError: {
    code: 'processing_error',
    declineCode: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
  authenticationRequired: {
    code: 'authentication_required',
    declineCode: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
  liveCardInTestMode: {
    code: 'card_declined',
    declineCode: 'test_mode_live_card',
    message:
      'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  },
} as const satisfies Record<string, Decline>;

/**
 * When the issuer asks for 3-D Secure: never; for payments on a card not set up for later
 * off-session use (4000002500003155); or every time, off-session charges failing (4000002760003184).
 */
export type Authentication = 'none' | 'unless_set_up' | 'always';

/** How a refund of a payment made with the card settles. */
export type RefundBehaviour = 'succeeds' | 'pending_then_succeeds' | 'succeeds_then_fails';

export interface CardBehaviour {
  authentication: Authentication;
  /** Refused when charged (after any authentication). */
  chargeDecline: Decline | null;
  /** Refused when set up for later (a setup intent). */
  setupDecline: Decline | null;
  refund: RefundBehaviour;
  funding: 'credit' | 'debit';
}

const SUCCEEDS: CardBehaviour = {
  authentication: 'none',
  chargeDecline: null,
  setupDecline: null,
  refund: 'succeeds',
  funding: 'credit',
};

function declinesAlways(decline: Decline): CardBehaviour {
  return { ...SUCCEEDS, chargeDecline: decline, setupDecline: decline };
}

const TEST_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': SUCCEEDS,
  '4000056655665556': { ...SUCCEEDS, funding: 'debit' },
  '5555555555554444': SUCCEEDS,
  '2223003122003222': SUCCEEDS,
  '378282246310005': SUCCEEDS,
  '6011111111111117': SUCCEEDS,
  '3566002020360505': SUCCEEDS,
  '4000000000000002': declinesAlways(DECLINES.generic),
  '4000000000009995': { ...SUCCEEDS, chargeDecline: DECLINES.insufficientFunds },
  '4000000000009987': declinesAlways(DECLINES.lostCard),
  '4000000000009979': declinesAlways(DECLINES.stolenCard),
  '4000000000000069': declinesAlways(DECLINES.expiredCard),
  '4000000000000127': declinesAlways(DECLINES.incorrectCvc),
  '4000000000000119': declinesAlways(DECLINES.processingError),
  // Attaching it to a customer succeeds; charging it is declined.
  '4000000000000341': { ...SUCCEEDS, chargeDecline: DECLINES.generic },
  '4000002500003155': { ...SUCCEEDS, authentication: 'unless_set_up' },
  '4000002760003184': { ...SUCCEEDS, authentication: 'always' },
  // Authenticates, then the issuer declines.
  '4000008400001629': { ...SUCCEEDS, authentication: 'always', chargeDecline: DECLINES.generic },
  '4000000000007726': { ...SUCCEEDS, refund: 'pending_then_succeeds' },
  '4000000000005126': { ...SUCCEEDS, refund: 'succeeds_then_fails' },
};

/** A number Stripe does not list is a real card: test mode refuses it. */
export function behaviourOf(number: string): CardBehaviour {
  return TEST_CARDS[number] ?? declinesAlways(DECLINES.liveCardInTestMode);
}

export function brandOf(number: string): CardBrand {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^35/.test(number)) return 'jcb';
  if (/^3(0|6|8|9)/.test(number)) return 'diners';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card is good through the last day of its expiry month. */
export function isExpired(expMonth: number, expYear: number, now = new Date()): boolean {
  const year = now.getUTCFullYear();
  return expYear < year || (expYear === year && expMonth < now.getUTCMonth() + 1);
}

/** Two-digit years are this century's, as Stripe reads them. */
export function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}
