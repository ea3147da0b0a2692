import type { ReactElement } from 'react';
import type { Locale } from '@bazaar/i18n';
import type { Registry } from '@bazaar/schemas';
import { consentCookie, type ConsentChoice } from './consent.ts';
import { localeCookie } from './locale.ts';
import { PlatformShell } from './platform-shell.tsx';

export function testRegistry(overrides: Partial<Registry> = {}): Registry {
  return {
    appId: 'bazaar',
    appName: 'Bazaar',
    livemode: false,
    components: [],
    errorReporting: null,
    ...overrides,
  };
}

interface InShellOptions {
  locale?: Locale;
  registry?: Registry;
  /** The stored consent; `null` leaves the banner up. Declined by default, so the banner stays out of the way. */
  consent?: ConsentChoice | null;
}

/** `ui` inside the platform's shell, with the language and consent a test asks for stored as cookies. */
export function inShell(
  ui: ReactElement,
  { locale = 'en', registry, consent = 'declined' }: InShellOptions = {},
) {
  document.cookie = localeCookie(locale);
  document.cookie = consent ? consentCookie(consent) : 'bazaar_cookie_consent=; path=/; max-age=0';
  return <PlatformShell registry={registry ?? testRegistry()}>{ui}</PlatformShell>;
}
