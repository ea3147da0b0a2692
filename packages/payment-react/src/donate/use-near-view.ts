import { useEffect, useState, type RefObject } from 'react';

/** The widget loads its data this long after it comes near view, so a page scrolled past quickly asks nothing. */
export const LOAD_DELAY_MS = 300;

/** How far outside the viewport counts as near: half the window up to 300 px, 50 px on phones. */
export function nearViewMargin(isPhone: boolean, windowHeight: number): string {
  return `${isPhone ? 50 : Math.min(windowHeight / 2, 300)}px`;
}

/**
 * Becomes true once the element has come near view and `LOAD_DELAY_MS` passed, and stays true.
 * Without an IntersectionObserver (old browsers, some test pages) it counts as in view at once.
 */
export function useNearView(
  ref: RefObject<Element | null>,
  options: { isEnabled: boolean; isPhone: boolean },
): boolean {
  const [isNear, setIsNear] = useState(false);
  const { isEnabled, isPhone } = options;

  useEffect(() => {
    const element = ref.current;
    if (!isEnabled || isNear || !element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arrive = () => {
      timer ??= setTimeout(() => setIsNear(true), LOAD_DELAY_MS);
    };
    if (typeof IntersectionObserver === 'undefined') {
      arrive();
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        arrive();
      },
      { rootMargin: nearViewMargin(isPhone, window.innerHeight) },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [ref, isEnabled, isNear, isPhone]);

  return isNear;
}
