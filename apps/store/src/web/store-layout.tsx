import {
  AppBar,
  Box,
  Button,
  Container,
  Link,
  ToggleButton,
  ToggleButtonGroup,
  Toolbar,
  Typography,
} from '@mui/material';
import { Link as RouterLink, Outlet } from 'react-router';
import { useLocale } from './use-locale.tsx';
import { signInAddress } from './sign-in-address.ts';
import { useSessionUser } from './use-session-user.ts';

export function StoreLayout() {
  const { t, locale, setLocale } = useLocale();
  const user = useSessionUser();
  const loginUrl = signInAddress(window.location.pathname);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: '#f6f7fb' }}>
      <AppBar position="static" color="inherit" elevation={0} sx={{ borderBottom: '1px solid #e6e8ef' }}>
        <Toolbar sx={{ gap: 2 }}>
          <Link component={RouterLink} to="/" underline="none" color="inherit" sx={{ flexGrow: 1 }}>
            <Typography sx={{ fontWeight: 700 }} variant="h6">
              {t('store.title')}
            </Typography>
          </Link>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={locale}
            onChange={(_, next) => next && setLocale(next)}
            aria-label={t('common.language')}
          >
            <ToggleButton value="en">EN</ToggleButton>
            <ToggleButton value="zh">中文</ToggleButton>
          </ToggleButtonGroup>
          {user === undefined ? null : user ? (
            <Typography variant="body2" noWrap sx={{ maxWidth: 160 }}>
              {user.fullName}
            </Typography>
          ) : (
            <Button variant="outlined" size="small" href={loginUrl}>
              {t('store.signIn')}
            </Button>
          )}
        </Toolbar>
      </AppBar>
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
        <Outlet />
      </Container>
    </Box>
  );
}
