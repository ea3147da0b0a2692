import { lazy } from 'react';
import { Route, useLocation } from 'react-router';
import { PageBoundary } from '../../components/page-boundary.tsx';

// An app's page brings markdown, a chart and the Payment Kit's checkout: they load when it opens.
const AppPage = lazy(async () => ({ default: (await import('./app-page.tsx')).AppPage }));

function LazyAppPage() {
  return (
    <PageBoundary resetKey={useLocation().pathname}>
      <AppPage />
    </PageBoundary>
  );
}

/** An app's page for visitors, at the spec's three addresses. */
export const appRoutes = (
  <>
    <Route path="apps/:did" element={<LazyAppPage />} />
    <Route path="apps/:did/:version" element={<LazyAppPage />} />
    <Route path="app/:did" element={<LazyAppPage />} />
  </>
);
