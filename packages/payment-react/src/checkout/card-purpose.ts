import type { CardContext, CheckoutSession } from '@bazaar/schemas';

/** Why the card is asked for: a payment now, or saving it for a subscription with nothing due today. */
export type CardPurpose = 'pay' | 'startTrial' | 'saveCard';

/** A setup intent saves the card; it starts the session's trial when one applies. */
export function cardPurpose(
  intentType: CardContext['intent_type'] | undefined,
  session: CheckoutSession,
): CardPurpose {
  if (intentType !== 'setup_intent') return 'pay';
  return session.trial?.applies ? 'startTrial' : 'saveCard';
}
