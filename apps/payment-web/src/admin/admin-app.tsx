import { Suspense } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { Navigate, Route, Routes } from 'react-router';
import { useTranslate } from '@bazaar/payment-react';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { AdminGuard } from './admin-guard.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { ADMIN_SECTIONS } from './admin-sections.ts';

function PageLoading() {
  const t = useTranslate();
  return <LinearProgress aria-label={t('common.loading')} sx={{ height: 2 }} />;
}

/**
 * `/admin/*`: the dashboard, one lazy chunk behind its guard; each section's pages load when
 * first opened. Its routes come from `ADMIN_SECTIONS`, the same list the navigation shows.
 */
export function AdminApp() {
  return (
    <AdminGuard>
      <AdminLayout>
        <Suspense fallback={<PageLoading />}>
          <Routes>
            <Route index element={<Navigate to={ADMIN_SECTIONS[0]!.path} replace />} />
            {ADMIN_SECTIONS.flatMap((section) =>
              section.pages.map(({ path, Page }) => {
                const fullPath = path ? `${section.path}/${path}` : section.path;
                return <Route key={fullPath} path={fullPath} element={<Page />} />;
              }),
            )}
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </AdminLayout>
    </AdminGuard>
  );
}
