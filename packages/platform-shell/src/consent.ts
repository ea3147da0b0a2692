import { CONSENT_COOKIE } from '@bazaar/schemas';
import { readCookie, yearLongCookie } from './cookies.ts';

export type ConsentChoice = 'accepted' | 'declined';

/** The choice stored in the consent cookie, or null when the person has not chosen yet. */
export function readConsent(cookies: string): ConsentChoice | null {
  const value = readCookie(cookies, CONSENT_COOKIE);
  return value === 'accepted' || value === 'declined' ? value : null;
}

/** The consent cookie: a choice holds for 365 days, then the banner asks again. */
export function consentCookie(choice: ConsentChoice, secure = false): string {
  return yearLongCookie(CONSENT_COOKIE, choice, secure);
}

/**
 * A page framed by another (an embedded checkout) leaves the question to the page around it:
 * a banner inside a small frame would cover what the frame is for.
 */
export function isFramed(win: Window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    // A cross-origin parent cannot even be compared: that is a frame too.
    return true;
  }
}
