import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Outlet } from 'react-router';
import { LanguageSwitch } from './language-switch.tsx';
import { useShell } from './shell-context.ts';

/** A quiet top bar (the platform's name and the language switch) above every page. */
export function AppShell() {
  const { platform } = useShell();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Stack
        component="header"
        direction="row"
        sx={{
          alignItems: 'center',
          justifyContent: 'space-between',
          px: { xs: 2, md: 4 },
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Typography sx={{ fontWeight: 700, letterSpacing: '-0.01em' }}>{platform.appName}</Typography>
        <LanguageSwitch />
      </Stack>
      <Box component="main">
        <Outlet />
      </Box>
    </Box>
  );
}
