/** Countries offered in the billing address, the same set the phone dial-code table covers. */
export const BILLING_COUNTRIES = [
  'us',
  'cn',
  'gb',
  'ca',
  'au',
  'de',
  'fr',
  'jp',
  'kr',
  'in',
  'sg',
  'hk',
  'tw',
  'nz',
  'it',
  'es',
  'nl',
  'br',
] as const;

export const DEFAULT_COUNTRY = 'us';

/**
 * The dial-code picker starts on `us`; form values keep country codes
 * lower-case. It lives here, not beside the parser, so the form can name it without loading it.
 */
export const DEFAULT_PHONE_COUNTRY = 'us';

/** A stored country code the form can show; anything unknown becomes `us`, the form's default. */
export function normalizeCountry(code: string | null | undefined): string {
  const lower = (code ?? '').toLowerCase();
  return (BILLING_COUNTRIES as readonly string[]).includes(lower) ? lower : DEFAULT_COUNTRY;
}

/** The country's name in the page language: `countryName('de', 'zh')` → '德国'. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}
