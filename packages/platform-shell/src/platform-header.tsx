import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { MessageKey } from '@bazaar/i18n';
import { AccountMenu } from './account-menu.tsx';
import { currentAddress, signInAddress } from './addresses.ts';
import { LanguageMenu } from './language-menu.tsx';
import { followLink, isCurrent, type Navigate } from './navigation.ts';
import { useShell } from './shell-context.ts';

interface PlatformHeaderProps {
  /** The app's router, for links into the app itself. */
  navigate?: Navigate;
  /** The sign-in page does not offer to sign in. */
  hideSignIn?: boolean;
}

/** The one header of every page: the platform's name, where to go, the language, the account. */
export function PlatformHeader({ navigate, hideSignIn = false }: PlatformHeaderProps) {
  const { t, registry, addresses, user } = useShell();
  const here = window.location.pathname;
  const navigation = [
    { label: 'platform.shell.nav.apps', href: addresses.apps },
    { label: 'platform.shell.nav.billing', href: addresses.billing },
  ].filter((item): item is { label: MessageKey; href: string } => item.href !== null);

  return (
    <Stack
      component="header"
      direction="row"
      spacing={{ xs: 1, md: 3 }}
      sx={{
        alignItems: 'center',
        px: { xs: 2, md: 4 },
        minHeight: 56,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Link
        href="/"
        underline="none"
        color="text.primary"
        onClick={(event) => followLink(event, '/', navigate)}
        sx={{ fontWeight: 700, fontSize: 18, letterSpacing: '-0.01em', whiteSpace: 'nowrap' }}
      >
        {registry.appName}
      </Link>
      <Stack
        component="nav"
        aria-label={t('platform.shell.nav.label')}
        direction="row"
        spacing={0.5}
        sx={{ display: { xs: 'none', sm: 'flex' } }}
      >
        {navigation.map((item) => {
          const current = isCurrent(here, item.href);
          return (
            <Button
              key={item.label}
              href={item.href}
              color={current ? 'primary' : 'inherit'}
              aria-current={current ? 'page' : undefined}
              onClick={(event) => followLink(event, item.href, navigate)}
              sx={{ color: current ? undefined : 'text.secondary' }}
            >
              {t(item.label)}
            </Button>
          );
        })}
      </Stack>
      <Box sx={{ flex: 1 }} />
      <LanguageMenu />
      {user === undefined ? (
        <Skeleton variant="circular" width={32} height={32} />
      ) : user ? (
        <AccountMenu user={user} navigate={navigate} />
      ) : hideSignIn ? null : (
        <Button variant="outlined" size="small" href={signInAddress(currentAddress())}>
          {t('platform.shell.signIn')}
        </Button>
      )}
    </Stack>
  );
}
