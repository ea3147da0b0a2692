import { useCallback, useEffect, useRef } from 'react';

/** How long the "pick for me" amount takes to count up: long enough to read as a draw. */
const COUNT_UP_MS = 800;

/**
 * Counts from one amount to another over `COUNT_UP_MS`, calling `onStep` on every frame with the
 * amount so far (in the smallest unit, so no float ever touches money) and `onDone` at the end.
 */
export function useCountUp() {
  const frame = useRef<number | null>(null);
  useEffect(() => () => (frame.current === null ? undefined : cancelAnimationFrame(frame.current)), []);
  return useCallback(
    (from: bigint, to: bigint, onStep: (amount: bigint) => void, onDone: (amount: bigint) => void) => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      const start = performance.now();
      const tick = (now: number) => {
        const permille = BigInt(Math.min(1_000, Math.round(((now - start) / COUNT_UP_MS) * 1_000)));
        if (permille >= 1_000n) {
          frame.current = null;
          onDone(to);
          return;
        }
        onStep(from + ((to - from) * permille) / 1_000n);
        frame.current = requestAnimationFrame(tick);
      };
      frame.current = requestAnimationFrame(tick);
    },
    [],
  );
}
