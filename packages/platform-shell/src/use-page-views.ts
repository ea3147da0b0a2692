import { useEffect } from 'react';
import { trackPageView } from './analytics.ts';
import { useShell } from './shell-context.ts';

/**
 * Counts a page view for `path` on every route change, once the person has accepted; accepting
 * on a page counts that page.
 */
export function usePageViews(path: string): void {
  const { consent } = useShell();
  useEffect(() => {
    if (consent === 'accepted') trackPageView(window, path);
  }, [path, consent]);
}
