import { ANALYTICS_PATH } from '@bazaar/schemas';

/** A command for the platform's analytics script (`${ANALYTICS_PATH}/script.js`). */
export type AnalyticsCommand = ['pageview', string] | ['event', string, string];

interface AnalyticsQueue {
  push(command: AnalyticsCommand): unknown;
}

declare global {
  interface Window {
    /** An array until the script loads; the script then replaces it with its sender. */
    bazaarAnalytics?: AnalyticsQueue;
  }
}

function queue(win: Window): AnalyticsQueue {
  win.bazaarAnalytics ??= [] as AnalyticsCommand[];
  return win.bazaarAnalytics;
}

export function trackPageView(win: Window, path: string): void {
  queue(win).push(['pageview', path]);
}

/** A named event (`language.change`, `account.logout`), counted against the page it happened on. */
export function trackEvent(win: Window, name: string): void {
  queue(win).push(['event', name, win.location.pathname]);
}

/**
 * Adds the analytics script to the page, once. It is only called after the person accepted:
 * before that no analytics code runs and nothing is sent.
 */
export function loadAnalyticsScript(doc: Document): void {
  const src = `${ANALYTICS_PATH}/script.js`;
  if (doc.querySelector(`script[src="${src}"]`)) return;
  const script = doc.createElement('script');
  script.src = src;
  script.async = true;
  doc.head.append(script);
}
