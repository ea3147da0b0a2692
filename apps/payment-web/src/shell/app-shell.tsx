import Box from '@mui/material/Box';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PlatformHeader, useComponentNavigate, usePageViews } from '@bazaar/platform-shell';
import { COMPONENT_IDS } from '@bazaar/schemas';
import { useAppContext } from './app-context.ts';

/** The platform's header above every page of the kit; links into the kit stay in its router. */
export function AppShell() {
  const { platform } = useAppContext();
  const location = useLocation();
  const navigate = useNavigate();
  usePageViews(`${platform.mountPoint === '/' ? '' : platform.mountPoint}${location.pathname}`);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <PlatformHeader navigate={useComponentNavigate(COMPONENT_IDS.paymentKit, navigate)} />
      <Box component="main">
        <Outlet />
      </Box>
    </Box>
  );
}
