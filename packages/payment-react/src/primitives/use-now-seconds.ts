import { useEffect, useState } from 'react';

/** The longest a browser timer waits (about 24.8 days); a later moment is reached in steps. */
const MAX_TIMER_MS = 2_147_483_647;

const readNowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The current unix time in seconds, read when the component mounts rather than in every render
 * (a render must give the same output for the same input), and read again at `wakeAt`, the
 * moment what the component shows turns over (a session's expiry), so it turns over on time.
 */
export function useNowSeconds(wakeAt: number | null = null): number {
  const [nowSeconds, setNowSeconds] = useState(readNowSeconds);
  useEffect(() => {
    if (wakeAt === null || wakeAt <= nowSeconds) return;
    const delayMs = Math.min(wakeAt * 1000 - Date.now(), MAX_TIMER_MS);
    const timer = setTimeout(() => setNowSeconds(readNowSeconds()), Math.max(delayMs, 0));
    return () => clearTimeout(timer);
  }, [wakeAt, nowSeconds]);
  return nowSeconds;
}
