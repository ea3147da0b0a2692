import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

/**
 * A phone number in international E.164 form, or null when it is not a valid number:
 * `normalizePhone('(201) 555-0123')` → `'+12015550123'`; a leading `+` picks its own country.
 */
export function normalizePhone(input: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const phone = parsePhoneNumberFromString(input.trim(), country);
  return phone?.isValid() ? phone.number : null;
}
