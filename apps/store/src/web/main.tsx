// First: zod must be jitless before any schema is built (no eval under the pages' policy).
import '@bazaar/page-csp/zod-without-eval';
import { NonceStyleProvider } from '@bazaar/page-csp/react';
import { loadRegistry } from '@bazaar/payment-react';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { LocaleProvider } from './use-locale.tsx';
import { StorePaymentProvider } from './store-payment-provider.tsx';
import { StoreRoutes } from './store-routes.tsx';

declare global {
  interface Window {
    __PLATFORM__?: unknown;
  }
}

const theme = createTheme({ palette: { primary: { main: '#3b4ce2' } }, shape: { borderRadius: 10 } });
const registry = await loadRegistry(window.__PLATFORM__, window.location.origin);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <NonceStyleProvider>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <LocaleProvider>
          <StorePaymentProvider registry={registry}>
            <BrowserRouter>
              <StoreRoutes />
            </BrowserRouter>
          </StorePaymentProvider>
        </LocaleProvider>
      </ThemeProvider>
    </NonceStyleProvider>
  </StrictMode>,
);
