import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isFramed } from './consent.ts';
import { useShell } from './shell-context.ts';

/**
 * Asks for consent at the bottom of the page until the person chooses; scrolling is not taken
 * as consent. Inside a frame it stays hidden unless forced: the page around it asks.
 */
export function CookieConsentBanner({ force = false }: { force?: boolean }) {
  const { t, consent, setConsent } = useShell();
  const [framed] = useState(() => isFramed(window));
  if (consent !== null || (framed && !force)) return null;
  return (
    <Paper
      role="region"
      aria-label={t('platform.shell.consent.label')}
      variant="outlined"
      sx={{
        position: 'fixed',
        left: { xs: 8, md: 24 },
        right: { xs: 8, md: 24 },
        bottom: { xs: 8, md: 24 },
        mx: 'auto',
        maxWidth: 880,
        p: 2,
        zIndex: (theme) => theme.zIndex.snackbar,
        boxShadow: '0 8px 24px rgba(26, 31, 54, 0.12)',
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2" sx={{ flex: 1 }}>
          {t('platform.shell.consent.text')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button variant="outlined" color="inherit" onClick={() => setConsent('declined')}>
            {t('platform.shell.consent.decline')}
          </Button>
          <Button variant="contained" onClick={() => setConsent('accepted')}>
            {t('platform.shell.consent.accept')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
