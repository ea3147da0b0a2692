import { useEffect, useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createPaymentTheme } from '@bazaar/payment-react/theme';
import type { Registry } from '@bazaar/schemas';
import { shellAddresses } from './addresses.ts';
import { loadAnalyticsScript } from './analytics.ts';
import { CookieConsentBanner } from './cookie-consent-banner.tsx';
import { startErrorReporting } from './error-reporting.ts';
import { RequestProgressBar } from './request-progress-bar.tsx';
import { ShellContext, type ShellValue } from './shell-context.ts';
import { useConsentState, useLocaleState, useSessionState } from './use-shell-state.ts';

/** One look for every app of the platform: the Payment Kit's calm theme is the platform's. */
const platformTheme = createPaymentTheme();

interface PlatformShellProps {
  registry: Registry;
  /** Show the consent banner even inside a frame (a host that frames the whole site). */
  forceConsentBanner?: boolean;
  children: ReactNode;
}

/**
 * What every page of the platform shares, around the app's own routes: the theme, the language,
 * the session, the request progress bar, the cookie-consent banner, analytics once consented
 * to, and error reporting when the operator configured it. Apps draw `PlatformHeader` inside.
 */
export function PlatformShell({ registry, forceConsentBanner = false, children }: PlatformShellProps) {
  const { locale, t, setLocale } = useLocaleState();
  const { user, refreshSession, logout } = useSessionState();
  const { consent, setConsent } = useConsentState();

  useEffect(() => {
    void startErrorReporting(registry.errorReporting);
  }, [registry]);
  useEffect(() => {
    if (consent === 'accepted') loadAnalyticsScript(document);
  }, [consent]);

  const value = useMemo<ShellValue>(
    () => ({
      registry,
      addresses: shellAddresses(registry),
      locale,
      t,
      setLocale,
      user,
      refreshSession,
      logout,
      consent,
      setConsent,
    }),
    [registry, locale, t, setLocale, user, refreshSession, logout, consent, setConsent],
  );

  return (
    <ShellContext value={value}>
      <ThemeProvider theme={platformTheme}>
        <CssBaseline />
        <RequestProgressBar />
        {children}
        <CookieConsentBanner force={forceConsentBanner} />
      </ThemeProvider>
    </ShellContext>
  );
}
