import type { EventSubscriber } from '@bazaar/schemas';
import type { StoreDeps } from '../deps.ts';
import { retryFailedReturn } from '../modules/stakes/service.ts';
import { recordAppPurchase, revokeRefundedLicences } from './buy-app.ts';
import { recordPaidStake } from './join-by-staking.ts';

/**
 * What the Store hears from the Payment Kit, in-process: completed checkouts (a stake paid, an
 * app bought), failed refunds (a stake's return the provider refused, to be returned again) and
 * succeeded ones (a purchase given back, whose licence goes). The kit delivers
 * each at least once and retries when a handler throws.
 */
export function storeEventSubscriber(deps: StoreDeps): EventSubscriber {
  return {
    name: 'store',
    events: ['checkout.session.completed', 'refund.failed', 'refund.succeeded'],
    async handle(event) {
      if (event.type === 'checkout.session.completed') {
        // Each flow takes only the checkouts of its own links and leaves the others.
        await recordPaidStake(deps, event.object_id);
        await recordAppPurchase(deps, event.object_id);
      } else if (event.type === 'refund.failed') await retryFailedReturn(deps, event.object_id);
      else if (event.type === 'refund.succeeded') await revokeRefundedLicences(deps, event.object_id);
    },
  };
}
