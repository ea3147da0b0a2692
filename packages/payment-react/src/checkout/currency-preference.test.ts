import { describe, expect, it } from 'vitest';
import { readCurrencyPreference, storeCurrencyPreference } from './currency-preference.ts';

function memoryStorage(): Storage {
  const entries = new Map<string, string>();
  return {
    get length() {
      return entries.size;
    },
    clear: () => entries.clear(),
    getItem: (key) => entries.get(key) ?? null,
    key: (index) => [...entries.keys()][index] ?? null,
    removeItem: (key) => void entries.delete(key),
    setItem: (key, value) => void entries.set(key, value),
  };
}

describe('currency preference', () => {
  it('is kept per user under payment-currency-preference:{did}', () => {
    const storage = memoryStorage();
    storeCurrencyPreference(storage, 'did:ada', 'pc_abt');
    expect(storage.getItem('payment-currency-preference:did:ada')).toBe('pc_abt');
    expect(readCurrencyPreference(storage, 'did:ada')).toBe('pc_abt');
    expect(readCurrencyPreference(storage, 'did:grace')).toBeNull();
  });

  it('is not kept for guests or without storage', () => {
    const storage = memoryStorage();
    storeCurrencyPreference(storage, null, 'pc_abt');
    expect(storage.length).toBe(0);
    expect(readCurrencyPreference(null, 'did:ada')).toBeNull();
  });

  it('survives a storage that refuses access', () => {
    const blocked = {
      ...memoryStorage(),
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => storeCurrencyPreference(blocked, 'did:ada', 'pc_abt')).not.toThrow();
    expect(readCurrencyPreference(blocked, 'did:ada')).toBeNull();
  });
});
