import { useCallback, useEffect, useMemo, useState } from 'react';
import { createTranslator, type Locale } from '@bazaar/i18n';
import type { SessionUser } from '@bazaar/schemas';
import { trackEvent } from './analytics.ts';
import { consentCookie, readConsent, type ConsentChoice } from './consent.ts';
import { htmlLang, localeCookie, pickLocale } from './locale.ts';
import { endSession, fetchSession } from './session.ts';

const isSecurePage = () => window.location.protocol === 'https:';

/** The page's language: picked once, then changed by the person, and remembered site-wide. */
export function useLocaleState() {
  const [locale, setLocaleState] = useState<Locale>(() => {
    const picked = pickLocale({
      search: window.location.search,
      cookie: document.cookie,
      navigatorLanguage: navigator.language,
    });
    // A `?locale=` link is a choice like the switch's: the pages it leads to keep the language.
    if (new URLSearchParams(window.location.search).has('locale')) {
      document.cookie = localeCookie(picked, isSecurePage());
    }
    return picked;
  });
  useEffect(() => {
    document.documentElement.lang = htmlLang(locale);
  }, [locale]);

  const setLocale = useCallback((next: Locale) => {
    document.cookie = localeCookie(next, isSecurePage());
    const url = new URL(window.location.href);
    if (url.searchParams.has('locale')) {
      url.searchParams.set('locale', next);
      window.history.replaceState(window.history.state, '', url);
    }
    trackEvent(window, 'language.change');
    setLocaleState(next);
  }, []);
  const t = useMemo(() => createTranslator(locale), [locale]);
  return { locale, t, setLocale };
}

/** The signed-in user by the session cookie. */
export function useSessionState() {
  const [user, setUser] = useState<SessionUser | null | undefined>(undefined);
  const [revision, setRevision] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchSession(controller.signal)
      .then(setUser)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          console.warn('Reading the session failed', error);
          setUser(null);
        }
      });
    return () => controller.abort();
  }, [revision]);

  const refreshSession = useCallback(() => setRevision((value) => value + 1), []);
  const logout = useCallback(async () => {
    trackEvent(window, 'account.logout');
    await endSession();
    window.location.assign('/');
  }, []);
  return { user, refreshSession, logout };
}

/** The cookie-consent choice, read once and changed by the banner. */
export function useConsentState() {
  const [consent, setConsentState] = useState<ConsentChoice | null>(() => readConsent(document.cookie));
  const setConsent = useCallback((choice: ConsentChoice) => {
    document.cookie = consentCookie(choice, isSecurePage());
    setConsentState(choice);
  }, []);
  return { consent, setConsent };
}
