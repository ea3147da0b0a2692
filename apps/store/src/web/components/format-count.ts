import type { Locale } from '@bazaar/i18n';

/** `formatCount(12345, 'en')` → `'12,345'`: a count as the page's language groups digits. */
export function formatCount(count: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en').format(count);
}
