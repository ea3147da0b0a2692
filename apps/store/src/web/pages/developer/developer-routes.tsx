import { lazy } from 'react';
import { Route } from 'react-router';
import { DeveloperLayout } from './developer-layout.tsx';

// Only developers open these pages: they load when first visited, not with the store.
const AccessTokensPage = lazy(async () => ({
  default: (await import('./access-tokens-page.tsx')).AccessTokensPage,
}));
const DeveloperAppsPage = lazy(async () => ({
  default: (await import('./apps/developer-apps-page.tsx')).DeveloperAppsPage,
}));
const DeveloperAppPage = lazy(async () => ({
  default: (await import('./apps/developer-app-page.tsx')).DeveloperAppPage,
}));

/** The developer's routes under one navigation; to sit behind the sign-in guard. */
export const developerRoutes = (
  <Route path="developer" element={<DeveloperLayout />}>
    <Route path="apps" element={<DeveloperAppsPage />} />
    <Route path="apps/:did" element={<DeveloperAppPage />} />
    <Route path="access-tokens" element={<AccessTokensPage />} />
  </Route>
);
