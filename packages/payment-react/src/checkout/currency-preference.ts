/** Where a payer's last currency choice is kept, one entry per user. */
export function currencyPreferenceKey(did: string): string {
  return `payment-currency-preference:${did}`;
}

/** The payer's remembered currency, or null for a guest, an empty store or a blocked storage. */
export function readCurrencyPreference(storage: Storage | null, did: string | null): string | null {
  if (!storage || !did) return null;
  try {
    return storage.getItem(currencyPreferenceKey(did));
  } catch {
    return null;
  }
}

/** Remembers the choice for the next checkout; a full or blocked storage only loses the hint. */
export function storeCurrencyPreference(
  storage: Storage | null,
  did: string | null,
  currencyId: string,
): void {
  if (!storage || !did) return;
  try {
    storage.setItem(currencyPreferenceKey(did), currencyId);
  } catch {
    // The preference is a convenience; paying must not depend on it.
  }
}
