const LIVEMODE_KEY = 'livemode';

/** Livemode from `?livemode=`, else the last one stored, else the platform's mode. */
export function pickLivemode(search: string, stored: string | null, platformLivemode: boolean): boolean {
  const fromQuery = new URLSearchParams(search).get('livemode');
  const value = fromQuery ?? stored;
  return value === null ? platformLivemode : value !== 'false';
}

export function storeLivemode(storage: Storage, livemode: boolean): void {
  storage.setItem(LIVEMODE_KEY, String(livemode));
}

export function readStoredLivemode(storage: Storage): string | null {
  return storage.getItem(LIVEMODE_KEY);
}

/** `?authToken=` carries a token for hosts that cannot share the session cookie. */
export function pickAuthToken(search: string): string | null {
  return new URLSearchParams(search).get('authToken') || null;
}
