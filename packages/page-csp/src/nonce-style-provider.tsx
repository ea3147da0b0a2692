import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { useState, type ReactNode } from 'react';

/** The `<meta>` Vite writes into a built page; its own runtime reads the nonce there too. */
const NONCE_META_SELECTOR = 'meta[property="csp-nonce"]';

/**
 * The nonce the platform gave this page, undefined when it carries none. Browsers hide a nonce
 * attribute from `getAttribute` once the page has a policy, so the property is read first.
 */
export function readPageNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>(NONCE_META_SELECTOR);
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}

/**
 * Emotion (and so MUI) inserts its `<style>` tags at run time; under the platform's `style-src`
 * only tags carrying the page's nonce apply, so the app's root hands emotion a cache that sets it.
 */
export function NonceStyleProvider({ children }: { children: ReactNode }) {
  const [cache] = useState(() => createCache({ key: 'css', nonce: readPageNonce() }));
  return <CacheProvider value={cache}>{children}</CacheProvider>;
}
