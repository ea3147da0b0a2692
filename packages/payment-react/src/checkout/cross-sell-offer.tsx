import type { PaymentCurrency, StartCheckoutResponse } from '@bazaar/schemas';
import { useCrossSellOffer, useSessionChange } from '../api/use-session-change.ts';
import { CrossSellPanel } from './cross-sell-panel.tsx';

export interface CrossSellOfferProps {
  checkout: StartCheckoutResponse;
  checkoutQueryId: string;
  currency: PaymentCurrency;
  /** A payment is under way: Add and Remove wait until it ends. */
  isLocked?: boolean;
}

/** The link's add-on: offered while it is not in the cart (GET …/cross-sell), removable once it is. */
export function CrossSellOffer({
  checkout,
  checkoutQueryId,
  currency,
  isLocked = false,
}: CrossSellOfferProps) {
  const session = checkout.checkoutSession;
  const { change, isChanging } = useSessionChange(checkoutQueryId, session.id);
  const offer = useCrossSellOffer(session.id, session.payment_link_id !== null);
  const inCart = session.line_items.find((item) => item.cross_sell);
  const price = inCart?.price ?? offer.data ?? null;
  if (!price) return null;
  return (
    <CrossSellPanel
      price={price}
      isInCart={inCart !== undefined}
      isRequired={session.cross_sell_behavior === 'required'}
      isChanging={isChanging || isLocked}
      currency={currency}
      onAdd={(to) => change({ type: 'addCrossSell', to })}
      onRemove={() => change({ type: 'removeCrossSell' })}
    />
  );
}
