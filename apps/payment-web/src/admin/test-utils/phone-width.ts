import { vi } from 'vitest';

/** A window 360 px wide, as MUI's breakpoints ask it (`down('sm')`); undone by `vi.unstubAllGlobals()`. */
export function atPhoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width:\s*599\.95px/.test(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}
