import { randomToken, STORE_ID_PREFIXES } from '@bazaar/schemas';

let lastMillis = 0;
let sequence = 0;

/**
 * `sah_…`/`sac_…`/`scm_…` ids that sort in the order this process made them: rows written in the
 * same second (an upload and its auto-publish, two replies) then list in the order they
 * happened, since lists sort by `created_at` (unix seconds) and then by id. The wall clock's
 * milliseconds and a counter come first (fixed width, base 36, so text order is number order),
 * randomness last.
 */
export function newOrderedStoreId(kind: 'appHistory' | 'appComment' | 'publicComment'): string {
  const millis = Math.max(Date.now(), lastMillis);
  sequence = millis === lastMillis ? sequence + 1 : 0;
  lastMillis = millis;
  const order = millis.toString(36).padStart(9, '0') + sequence.toString(36).padStart(4, '0');
  return `${STORE_ID_PREFIXES[kind]}_${order}${randomToken(12)}`;
}
