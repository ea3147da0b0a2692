import type { EventSubscriber } from '@bazaar/schemas';
import type { StoreDeps } from '../deps.ts';
import { retryFailedReturn } from '../modules/stakes/service.ts';
import { recordPaidStake } from './join-by-staking.ts';

/**
 * What the Store hears from the Payment Kit, in-process: completed checkouts (a stake paid) and
 * failed refunds (a stake's return the provider refused, to be returned again). The kit delivers
 * each at least once and retries when a handler throws.
 */
export function storeEventSubscriber(deps: StoreDeps): EventSubscriber {
  return {
    name: 'store',
    events: ['checkout.session.completed', 'refund.failed'],
    async handle(event) {
      if (event.type === 'checkout.session.completed') await recordPaidStake(deps, event.object_id);
      else if (event.type === 'refund.failed') await retryFailedReturn(deps, event.object_id);
    },
  };
}
