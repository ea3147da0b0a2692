import { useState, type ReactNode } from 'react';
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslate } from '@bazaar/payment-react';
import { AdminNavigation } from './admin-navigation.tsx';
import { LivemodeSwitch } from './livemode-switch.tsx';
import { TestModeBanner } from './test-mode-banner.tsx';

const SIDEBAR_WIDTH_PX = 232;

function SidebarTitle() {
  const t = useTranslate();
  return (
    <Typography component="p" variant="subtitle1" sx={{ fontWeight: 700 }}>
      {t('payment.admin.title')}
    </Typography>
  );
}

/**
 * The dashboard's frame: the sections beside the page, or behind a menu button at phone width,
 * the mode switch always in reach and the test-mode banner above it all.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const t = useTranslate();
  const theme = useTheme();
  const isNarrow = useMediaQuery(theme.breakpoints.down('md'));
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const closeDrawer = () => setIsDrawerOpen(false);

  return (
    <Box>
      <TestModeBanner />
      <Box sx={{ display: 'flex', minHeight: 'calc(100vh - 57px)' }}>
        {isNarrow ? (
          <Drawer
            open={isDrawerOpen}
            onClose={closeDrawer}
            slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH_PX } } }}
          >
            <Box sx={{ p: 2 }}>
              <SidebarTitle />
            </Box>
            <AdminNavigation onNavigate={closeDrawer} />
          </Drawer>
        ) : (
          <Box
            component="aside"
            sx={{
              width: SIDEBAR_WIDTH_PX,
              flexShrink: 0,
              borderRight: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
            }}
          >
            <Stack spacing={1} sx={{ p: 2 }}>
              <SidebarTitle />
              <LivemodeSwitch />
            </Stack>
            <AdminNavigation />
          </Box>
        )}
        <Box sx={{ flex: 1, minWidth: 0, px: { xs: 2, md: 4 }, py: { xs: 2, md: 3 } }}>
          {isNarrow ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
              <IconButton
                edge="start"
                aria-label={t('payment.admin.nav.open')}
                onClick={() => setIsDrawerOpen(true)}
              >
                <MenuIcon />
              </IconButton>
              <Box sx={{ flex: 1 }}>
                <SidebarTitle />
              </Box>
              <LivemodeSwitch />
            </Stack>
          ) : null}
          {children}
        </Box>
      </Box>
    </Box>
  );
}
