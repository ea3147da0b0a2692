import { useEffect, type ReactNode } from 'react';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Outlet } from 'react-router';
import { currentAddress, signInAddress } from './addresses.ts';
import { useShell } from './shell-context.ts';

/**
 * The guard of pages that are someone's own (customer, developer, console): a visitor is sent
 * to sign in, and comes back to this very address afterwards.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { t, user } = useShell();
  const signedOut = user === null;
  useEffect(() => {
    if (signedOut) window.location.assign(signInAddress(currentAddress()));
  }, [signedOut]);

  if (user === undefined)
    return <LinearProgress aria-label={t('platform.shell.loading')} sx={{ height: 2 }} />;
  if (user) return children;
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 10, px: 2 }}>
      <LockOutlinedIcon color="action" fontSize="large" />
      <Typography component="h1" variant="h6">
        {t('platform.shell.loginRequired')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('platform.shell.loginRedirecting')}
      </Typography>
      <Button variant="contained" href={signInAddress(currentAddress())}>
        {t('platform.shell.signIn')}
      </Button>
    </Stack>
  );
}

/** A layout route for a group of pages behind sign-in. */
export function SignedInRoutes() {
  return (
    <RequireSignIn>
      <Outlet />
    </RequireSignIn>
  );
}
