import { Box, Container } from '@mui/material';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PlatformHeader, useComponentNavigate, usePageViews } from '@bazaar/platform-shell';
import { COMPONENT_IDS } from '@bazaar/schemas';

export function StoreLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  usePageViews(location.pathname);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <PlatformHeader navigate={useComponentNavigate(COMPONENT_IDS.store, navigate)} />
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
        <Outlet />
      </Container>
    </Box>
  );
}
