export const LOCALES = ['en', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'en';

/**
 * Maps any language tag to a supported locale: `zh-CN`, `zh-TW` and `tw` become `zh`;
 * anything unknown falls back to English.
 */
export function resolveLocale(tag: string | null | undefined): Locale {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  if (base === 'zh' || base === 'tw') return 'zh';
  if (base === 'en') return 'en';
  return FALLBACK_LOCALE;
}
