import { lazy } from 'react';
import { Route } from 'react-router';
import { ConsoleLayout } from './console-layout.tsx';

// Only admins open the console: its pages load when first visited, not with the store.
const ConsoleAppsPage = lazy(async () => ({
  default: (await import('./apps/console-apps-page.tsx')).ConsoleAppsPage,
}));
const ConsoleAppPage = lazy(async () => ({
  default: (await import('./apps/console-app-page.tsx')).ConsoleAppPage,
}));
const CategoriesPage = lazy(async () => ({
  default: (await import('./categories/categories-page.tsx')).CategoriesPage,
}));
const DevelopersPage = lazy(async () => ({
  default: (await import('./developers/developers-page.tsx')).DevelopersPage,
}));
const InvitationsPage = lazy(async () => ({
  default: (await import('./invitations/invitations-page.tsx')).InvitationsPage,
}));
const SettingsPage = lazy(async () => ({
  default: (await import('./settings/settings-page.tsx')).SettingsPage,
}));

/** The console's routes under one layout (for Store admins only); to sit behind the sign-in guard. */
export const consoleRoutes = (
  <Route path="console" element={<ConsoleLayout />}>
    <Route path="apps" element={<ConsoleAppsPage />} />
    <Route path="apps/:did" element={<ConsoleAppPage />} />
    <Route path="categories" element={<CategoriesPage />} />
    <Route path="developers" element={<DevelopersPage />} />
    <Route path="invitations" element={<InvitationsPage />} />
    <Route path="settings" element={<SettingsPage />} />
  </Route>
);
