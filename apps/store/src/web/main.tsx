import { NonceStyleProvider } from '@bazaar/page-csp/react';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { LocaleProvider } from './use-locale.tsx';
import { StoreRoutes } from './store-routes.tsx';

const theme = createTheme({ palette: { primary: { main: '#3b4ce2' } }, shape: { borderRadius: 10 } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <NonceStyleProvider>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <LocaleProvider>
          <BrowserRouter>
            <StoreRoutes />
          </BrowserRouter>
        </LocaleProvider>
      </ThemeProvider>
    </NonceStyleProvider>
  </StrictMode>,
);
