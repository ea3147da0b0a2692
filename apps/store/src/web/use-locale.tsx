import { createTranslator, resolveLocale, type Locale, type Translate } from '@bazaar/i18n';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** The Store keeps the language choice in the `nf_lang` cookie, which every app of the platform reads. */
const LANGUAGE_COOKIE = 'nf_lang';
const ONE_YEAR_SECONDS = 365 * 86_400;

function readInitialLocale(): Locale {
  const fromQuery = new URLSearchParams(window.location.search).get('locale');
  const fromCookie = document.cookie.match(/(?:^|;\s*)nf_lang=([^;]+)/)?.[1];
  return resolveLocale(fromQuery ?? fromCookie ?? navigator.language);
}

interface LocaleState {
  locale: Locale;
  t: Translate;
  setLocale(locale: Locale): void;
}

const LocaleContext = createContext<LocaleState | null>(null);

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(readInitialLocale);
  const value = useMemo<LocaleState>(
    () => ({
      locale,
      t: createTranslator(locale),
      setLocale(next) {
        document.cookie = `${LANGUAGE_COOKIE}=${next}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
        document.documentElement.lang = next;
        setLocaleState(next);
      },
    }),
    [locale],
  );
  return <LocaleContext value={value}>{children}</LocaleContext>;
}

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale must be used inside LocaleProvider');
  return state;
}
