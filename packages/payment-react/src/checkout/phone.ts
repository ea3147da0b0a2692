import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';
import { BILLING_COUNTRIES, countryName, DEFAULT_PHONE_COUNTRY } from './countries.ts';

/** A form's lower-case country as the parser's code; anything the metadata lacks reads as `US`. */
export function phoneCountryCode(country: string): CountryCode {
  const upper = country.toUpperCase();
  return isSupportedCountry(upper) ? upper : 'US';
}

/**
 * A phone number in international E.164 form, or null when it is not a valid number:
 * `normalizePhone('(201) 555-0123')` → `'+12015550123'`; a leading `+` picks its own country.
 */
export function normalizePhone(input: string, country: string = DEFAULT_PHONE_COUNTRY): string | null {
  const phone = parsePhoneNumberFromString(input.trim(), phoneCountryCode(country));
  return phone?.isValid() ? phone.number : null;
}

/**
 * Splits a number typed with its own `+` dial code into the picker's country and the national
 * part, so the picker follows what the payer typed: `'+44 20 7946 0958'` → `gb`, `'020 7946 0958'`.
 */
export function splitInternationalPhone(input: string): { country: string; national: string } | null {
  if (!input.trim().startsWith('+')) return null;
  const phone = parsePhoneNumberFromString(input.trim());
  if (!phone?.isValid() || !phone.country) return null;
  return { country: phone.country.toLowerCase(), national: phone.formatNational() };
}

export interface PhoneCountry {
  code: string;
  dialCode: string;
  name: string;
}

/**
 * Every country the phone metadata knows, with its dial code: the billing countries first (the
 * spec's dial table), then the rest by name in the page language.
 */
export function phoneCountries(locale: string): PhoneCountry[] {
  const toCountry = (code: CountryCode): PhoneCountry => ({
    code: code.toLowerCase(),
    dialCode: `+${getCountryCallingCode(code)}`,
    name: countryName(code, locale),
  });
  const featured = BILLING_COUNTRIES.map((code) => toCountry(phoneCountryCode(code)));
  const featuredCodes = new Set<string>(BILLING_COUNTRIES);
  const collator = new Intl.Collator(locale);
  const rest = getCountries()
    .filter((code) => !featuredCodes.has(code.toLowerCase()))
    .map(toCountry)
    .sort((a, b) => collator.compare(a.name, b.name));
  return [...featured, ...rest];
}
