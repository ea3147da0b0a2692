import type { Locale } from '@bazaar/i18n';

/** Each language is named in itself, so anyone can find their own. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', zh: '中文' };
