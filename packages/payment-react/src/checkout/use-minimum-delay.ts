import { useEffect, useState } from 'react';

export const SKELETON_MIN_MS = 500;

/** True once `ms` have passed since mount: keeps the skeleton up long enough not to flash. */
export function useMinimumDelay(ms: number = SKELETON_MIN_MS): boolean {
  const [isOver, setIsOver] = useState(ms <= 0);
  useEffect(() => {
    if (ms <= 0) return;
    const timer = setTimeout(() => setIsOver(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return isOver;
}
