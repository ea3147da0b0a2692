import { createContext, useContext } from 'react';
import type { Locale, Translate } from '@bazaar/i18n';
import type { Registry, SessionUser } from '@bazaar/schemas';
import type { ShellAddresses } from './addresses.ts';
import type { ConsentChoice } from './consent.ts';

export interface ShellValue {
  registry: Registry;
  addresses: ShellAddresses;
  locale: Locale;
  t: Translate;
  setLocale(locale: Locale): void;
  /** The signed-in user; null when signed out, undefined while the session loads. */
  user: SessionUser | null | undefined;
  /** Reads the session again, after something changed the user (a new name, a new picture). */
  refreshSession(): void;
  /** Signs out and goes to the site's root. */
  logout(): Promise<void>;
  consent: ConsentChoice | null;
  setConsent(choice: ConsentChoice): void;
}

export const ShellContext = createContext<ShellValue | null>(null);

export function useShell(): ShellValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell must be used inside <PlatformShell>');
  return value;
}

/** The page's language and its texts. */
export function useLocale(): Pick<ShellValue, 'locale' | 't' | 'setLocale'> {
  const { locale, t, setLocale } = useShell();
  return { locale, t, setLocale };
}
