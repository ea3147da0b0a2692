import { resolveLocale, type Locale } from '@bazaar/i18n';

export const LOCALE_COOKIE = 'nf_lang';

function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** `?locale=` first, then the language the person chose elsewhere on the site, then the browser's. */
export function pickLocale(search: string, cookies: string, browserLanguage: string): Locale {
  const tag =
    new URLSearchParams(search).get('locale') ?? readCookie(cookies, LOCALE_COOKIE) ?? browserLanguage;
  return resolveLocale(tag);
}

export function rememberLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${365 * 24 * 3_600}; samesite=lax`;
}
