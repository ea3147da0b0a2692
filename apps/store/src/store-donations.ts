import { COMPONENT_IDS } from '@bazaar/schemas';

/**
 * The tip jar on the Store's home page: its mount location and target, and the setting made the
 * first time it is seen (owners change it on the integrations page after). The page and the demo
 * data both use these, so either may be first.
 */
export const STORE_HOME_DONATION = {
  mountLocation: 'store/home',
  target: COMPONENT_IDS.store,
  componentDid: COMPONENT_IDS.store,
  description: 'Tips for the people who run this Store',
} as const;
