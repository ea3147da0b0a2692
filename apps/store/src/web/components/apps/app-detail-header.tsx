import { useLocale } from '@bazaar/platform-shell';
import type { StoreApp } from '@bazaar/schemas';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { AppIdentity } from './app-identity.tsx';
import { BlockedAppNotice } from './blocked-app-notice.tsx';
import { ShortDid } from './short-did.tsx';

interface AppDetailHeaderProps {
  app: StoreApp;
  /** The list this page was opened from. */
  backTo: string;
  backLabel: string;
  /** The page's app-wide buttons (the console's block or unblock); under the title on phones. */
  action?: ReactNode;
}

/** The top of an app's page: the way back, who the app is, and whether an admin blocked it. */
export function AppDetailHeader({ app, backTo, backLabel, action }: AppDetailHeaderProps) {
  const { t } = useLocale();
  return (
    <Stack spacing={2}>
      <Box>
        <Button component={RouterLink} to={backTo} size="small">
          {`← ${backLabel}`}
        </Button>
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <AppIdentity app={app} size="large" />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <ShortDid did={app.did} />
            <Chip size="small" variant="outlined" label={t(`store.apps.visibility.${app.visibility}`)} />
          </Stack>
        </Stack>
        {action}
      </Stack>
      {app.description ? (
        <Typography color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {app.description}
        </Typography>
      ) : null}
      {app.isBlocked ? <BlockedAppNotice app={app} /> : null}
    </Stack>
  );
}
