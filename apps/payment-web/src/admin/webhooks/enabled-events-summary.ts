import type { Translate } from '@bazaar/i18n';
import { ALL_EVENTS } from '@bazaar/schemas';

/** "All events", or how many types the endpoint chose. */
export function enabledEventsSummary(enabledEvents: readonly string[], t: Translate): string {
  return enabledEvents.includes(ALL_EVENTS)
    ? t('payment.admin.webhook.allEvents')
    : t('payment.admin.webhook.eventCount', { count: enabledEvents.length });
}
