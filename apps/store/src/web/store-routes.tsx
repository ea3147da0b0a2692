import { Navigate, Route, Routes } from 'react-router';
import { HomePage } from './pages/home-page.tsx';
import { SectionPage } from './pages/section-page.tsx';
import { StoreLayout } from './store-layout.tsx';

/** The Store's routes (home, search, categories, detail, profile, developer and console pages); anything else goes home, replacing the history entry. */
export function StoreRoutes() {
  return (
    <Routes>
      <Route element={<StoreLayout />}>
        <Route index element={<HomePage />} />
        <Route path="search" element={<HomePage />} />
        <Route path="category/:category" element={<HomePage />} />
        <Route path="apps/:did/:version?" element={<SectionPage section="appDetail" />} />
        <Route path="app/:did" element={<SectionPage section="appDetail" />} />
        <Route path="profile" element={<SectionPage section="profile" />} />
        <Route path="connect-cli" element={<SectionPage section="connectCli" />} />
        <Route path="gen-key-pair" element={<SectionPage section="genKeyPair" />} />
        <Route path="connect-studio" element={<SectionPage section="connectStudio" />} />
        <Route path="join" element={<SectionPage section="join" />} />
        <Route path="developer/apps" element={<SectionPage section="developerApps" />} />
        <Route path="developer/access-tokens" element={<SectionPage section="accessTokens" />} />
        <Route path="console/apps" element={<SectionPage section="consoleApps" />} />
        <Route path="console/categories" element={<SectionPage section="consoleCategories" />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
