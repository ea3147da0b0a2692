// First: zod must be jitless before any schema is built (no eval under the pages' policy).
import '@bazaar/page-csp/zod-without-eval';
import { NonceStyleProvider } from '@bazaar/page-csp/react';
import { OWNER_SETUP_PAGE, registrySchema } from '@bazaar/schemas';
import { createTheme, CssBaseline, ThemeProvider } from '@mui/material';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pickLocale } from './locale.ts';
import { LoginPage } from './login-page.tsx';
import { safeRedirect } from './safe-redirect.ts';
import { SetupPage } from './setup-page.tsx';

declare global {
  interface Window {
    /** The component registry the platform inlines into every page. */
    __PLATFORM__?: unknown;
  }
}

const theme = createTheme({
  palette: { background: { default: '#f6f7f9' }, primary: { main: '#2f5bea' } },
  shape: { borderRadius: 10 },
  typography: { button: { textTransform: 'none', fontWeight: 600 } },
});

const locale = pickLocale(window.location.search, document.cookie, navigator.language);
document.documentElement.lang = locale;
const appName = registrySchema.safeParse(window.__PLATFORM__).data?.appName ?? 'Bazaar';
const redirect = safeRedirect(
  new URLSearchParams(window.location.search).get('redirect'),
  window.location.origin,
);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <NonceStyleProvider>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {window.location.pathname === OWNER_SETUP_PAGE ? (
          <SetupPage initialLocale={locale} appName={appName} />
        ) : (
          <LoginPage
            initialLocale={locale}
            appName={appName}
            walletProvider={window.ethereum}
            onSignedIn={() => window.location.assign(redirect)}
          />
        )}
      </ThemeProvider>
    </NonceStyleProvider>
  </StrictMode>,
);
