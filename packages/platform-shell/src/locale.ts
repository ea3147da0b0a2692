import { resolveLocale, type Locale } from '@bazaar/i18n';
import { readCookie, yearLongCookie } from './cookies.ts';

/** Every app of the platform keeps the language choice in this cookie. */
export const LOCALE_COOKIE = 'nf_lang';

export interface LocaleSources {
  search: string;
  cookie: string;
  navigatorLanguage: string | undefined;
}

/** `?locale=` wins, then the language chosen elsewhere on the site, then the browser's; `tw` reads as Chinese. */
export function pickLocale({ search, cookie, navigatorLanguage }: LocaleSources): Locale {
  const fromQuery = new URLSearchParams(search).get('locale');
  return resolveLocale(fromQuery || readCookie(cookie, LOCALE_COOKIE) || navigatorLanguage);
}

/** The cookie that keeps a chosen language for every page the person opens next. */
export function localeCookie(locale: Locale, secure = false): string {
  return yearLongCookie(LOCALE_COOKIE, locale, secure);
}

/** The `lang` attribute for a locale, so screen readers and fonts pick the right language. */
export function htmlLang(locale: Locale): string {
  return locale === 'zh' ? 'zh-CN' : 'en';
}
