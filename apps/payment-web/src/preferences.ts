import { resolveLocale, type Locale } from '@bazaar/i18n';

export const LOCALE_COOKIE = 'nf_lang';
const LIVEMODE_KEY = 'livemode';

export interface LocaleSources {
  search: string;
  cookie: string;
  navigatorLanguage: string | undefined;
}

/** `?locale=` wins, then the `nf_lang` cookie, then the browser's language; `tw` reads as Chinese. */
export function pickLocale({ search, cookie, navigatorLanguage }: LocaleSources): Locale {
  const fromQuery = new URLSearchParams(search).get('locale');
  const fromCookie = cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
  return resolveLocale(fromQuery || (fromCookie ? decodeURIComponent(fromCookie) : '') || navigatorLanguage);
}

const ONE_YEAR_SECONDS = 365 * 86_400;

/** The cookie that keeps a chosen language for the pages a link leads to next. */
export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
}

/** Livemode from `?livemode=`, else the last one stored, else the platform's mode. */
export function pickLivemode(search: string, stored: string | null, platformLivemode: boolean): boolean {
  const fromQuery = new URLSearchParams(search).get('livemode');
  const value = fromQuery ?? stored;
  return value === null ? platformLivemode : value !== 'false';
}

export function storeLivemode(storage: Storage, livemode: boolean): void {
  storage.setItem(LIVEMODE_KEY, String(livemode));
}

export function readStoredLivemode(storage: Storage): string | null {
  return storage.getItem(LIVEMODE_KEY);
}

/** `?authToken=` carries a token for hosts that cannot share the session cookie. */
export function pickAuthToken(search: string): string | null {
  return new URLSearchParams(search).get('authToken') || null;
}
