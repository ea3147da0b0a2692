import { SignedInRoutes } from '@bazaar/platform-shell';
import { Navigate, Route, Routes } from 'react-router';
import { appRoutes } from './pages/app/app-routes.tsx';
import { catalogueRoutes } from './pages/catalogue/catalogue-routes.tsx';
import { ConnectCliPage } from './pages/connect/connect-cli-page.tsx';
import { consoleRoutes } from './pages/console/console-routes.tsx';
import { developerRoutes } from './pages/developer/developer-routes.tsx';
import { GenKeyPairPage } from './pages/gen-key-pair/gen-key-pair-page.tsx';
import { InvitationAcceptPage } from './pages/join/invitation-accept-page.tsx';
import { JoinPage } from './pages/join/join-page.tsx';
import { ProfilePage } from './pages/profile/profile-page.tsx';
import { StoreLayout } from './store-layout.tsx';

/** The Store's routes (home, search, categories, an app's page, profile, developer and console pages); anything else goes home, replacing the history entry. */
export function StoreRoutes() {
  return (
    <Routes>
      <Route element={<StoreLayout />}>
        {catalogueRoutes}
        {appRoutes}
        <Route path="connect-cli" element={<ConnectCliPage />} />
        <Route path="gen-key-pair" element={<GenKeyPairPage />} />
        <Route path="connect-studio" element={<ConnectCliPage client="studio" />} />
        <Route path="join" element={<JoinPage />} />
        <Route element={<SignedInRoutes />}>
          <Route path="profile" element={<ProfilePage />} />
          <Route path="join/invitation" element={<InvitationAcceptPage />} />
          {developerRoutes}
          {consoleRoutes}
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
