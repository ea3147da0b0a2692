import type { StoreApp } from '@bazaar/schemas';
import { Avatar, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface AppIdentityProps {
  app: Pick<StoreApp, 'title' | 'name'>;
  /** The title as a link to the app's page (in lists), or plain (on that page). */
  renderTitle?(title: string): ReactNode;
  size?: 'small' | 'large';
}

/**
 * An app's mark, title and name. The manifest's logo is a file inside the bundle, which the Store
 * does not serve yet, so the mark is the title's first letter.
 */
export function AppIdentity({ app, renderTitle = (title) => title, size = 'small' }: AppIdentityProps) {
  const isLarge = size === 'large';
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Avatar
        variant="rounded"
        aria-hidden
        sx={isLarge ? { width: 56, height: 56, fontSize: 28 } : { width: 36, height: 36 }}
      >
        {Array.from(app.title.trim() || app.name)[0]?.toUpperCase()}
      </Avatar>
      <Stack sx={{ minWidth: 0 }}>
        <Typography
          component={isLarge ? 'h1' : 'span'}
          variant={isLarge ? 'h4' : 'body1'}
          sx={{ fontWeight: isLarge ? 700 : 600, wordBreak: 'break-word' }}
        >
          {renderTitle(app.title)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {app.name}
        </Typography>
      </Stack>
    </Stack>
  );
}
