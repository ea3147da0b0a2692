import type { Locale } from '@bazaar/i18n';
import { inShell } from '@bazaar/platform-shell/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useNavigationType } from 'react-router';
import { createStoreQueryClient } from '../api/store-query-client.ts';

/** The home page's stand-in: says it is home, and how it was reached (`PUSH`, `REPLACE`). */
function StoreHome() {
  return <h1>Store home ({useNavigationType()})</h1>;
}

/**
 * `routes` at `path`, inside the platform's shell and a fresh query cache, as the Store's web app
 * holds them; `/` is a stand-in for the home page.
 */
export function renderStoreRoute(
  path: string,
  routes: ReactElement,
  {
    locale = 'en',
    hasAcceptedAnalytics = false,
  }: {
    locale?: Locale;
    /** The cookie banner was answered "Accept" (else "Decline"). */
    hasAcceptedAnalytics?: boolean;
  } = {},
) {
  return render(
    inShell(
      <QueryClientProvider client={createStoreQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {routes}
            <Route path="/" element={<StoreHome />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
      { locale, consent: hasAcceptedAnalytics ? 'accepted' : 'declined' },
    ),
  );
}

/** The helper text MUI shows under a field (its error, at the field), by the field's label. */
export function fieldHelp(label: string | RegExp): string | null {
  const field = screen.getByLabelText(label);
  const describedBy = field.getAttribute('aria-describedby');
  return describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null;
}
