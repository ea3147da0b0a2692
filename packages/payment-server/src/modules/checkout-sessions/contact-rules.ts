import type { Address, ErrorDetail } from '@bazaar/schemas';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

const DEFAULT_COUNTRY = 'us';

/** `(415) 555-2671` → `+14155552671` (US is assumed without a dial code); null when not a phone number. */
export function normalizePhone(raw: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), 'US');
  return parsed?.isValid() ? parsed.number : null;
}

/** A two-letter country we can check postal codes for; anything else is treated as the US. */
export function normalizeCountry(raw: string | undefined): string {
  const code = (raw ?? '').trim().toLowerCase();
  return /^[a-z]{2}$/.test(code) && postcodeValidatorExistsForCountry(code.toUpperCase())
    ? code
    : DEFAULT_COUNTRY;
}

export function isPostalCodeValid(postalCode: string, country: string): boolean {
  return postcodeValidator(postalCode.trim(), country.toUpperCase());
}

export interface ContactInput {
  phone: string;
  isPhoneRequired: boolean;
  address: Partial<Address> | undefined;
  isAddressRequired: boolean;
  /** Card payments under a non-required billing mode collect the postal code and country only. */
  isPostalOnly: boolean;
}

export type ContactCheck =
  { ok: true; phone: string; address: Address } | { ok: false; problems: ErrorDetail[] };

const REQUIRED_ADDRESS_FIELDS = ['line1', 'city', 'state', 'postal_code'] as const;

/**
 * The payer's contact details: the phone when the session collects it (a valid number, kept in
 * international form), and the billing address when it is required (line1, city, state, postal
 * code; the postal code checked against the country). Under the other billing
 * mode the address is optional (a card keeps only postal code and country), but a postal code
 * that is given must still fit the country.
 */
export function checkContact(input: ContactInput): ContactCheck {
  const problems: ErrorDetail[] = [];
  let phone = '';
  if (input.phone.trim() !== '') {
    const normalized = normalizePhone(input.phone);
    if (normalized) phone = normalized;
    else if (input.isPhoneRequired) problems.push({ path: 'customer_phone', message: 'Invalid' });
  } else if (input.isPhoneRequired) {
    problems.push({ path: 'customer_phone', message: 'Required' });
  }

  const given = input.address ?? {};
  const kept = (value: string | undefined) => (input.isPostalOnly ? '' : (value?.trim() ?? ''));
  const address: Address = {
    country: normalizeCountry(given.country),
    state: kept(given.state),
    city: kept(given.city),
    line1: kept(given.line1),
    line2: kept(given.line2),
    postal_code: given.postal_code?.trim() ?? '',
  };
  if (input.isAddressRequired) {
    for (const field of REQUIRED_ADDRESS_FIELDS) {
      if (address[field] === '') problems.push({ path: `billing_address.${field}`, message: 'Required' });
    }
  }
  if (address.postal_code !== '' && !isPostalCodeValid(address.postal_code, address.country)) {
    problems.push({ path: 'billing_address.postal_code', message: 'Invalid' });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, phone, address };
}
