import type { Translate } from '@bazaar/i18n';
import { signInAddress, UserServiceError, useShell } from '@bazaar/platform-shell';
import { OWNER_SETUP_PAGE, type SessionUser } from '@bazaar/schemas';
import { Alert, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { claimOwnership, fetchSessionUser } from './api.ts';
import { errorText } from './error-text.ts';
import { PageFrame } from './page-frame.tsx';

type View =
  | { name: 'loading' }
  | { name: 'signedOut' }
  | { name: 'form'; user: SessionUser }
  | { name: 'owner'; isNew: boolean };

const SETUP_ERRORS = {
  SETUP_CODE_INVALID: 'platform.setup.error.SETUP_CODE_INVALID',
  SETUP_COMPLETED: 'platform.setup.error.SETUP_COMPLETED',
} as const;

function setupErrorText(t: Translate, appName: string, error: unknown): string {
  if (error instanceof UserServiceError && error.code in SETUP_ERRORS) {
    return t(SETUP_ERRORS[error.code as keyof typeof SETUP_ERRORS], { appName });
  }
  return errorText(t, error);
}

/**
 * Live mode's first step: the operator signs in, then presents the setup code the server printed
 * at start and becomes the owner. Nobody becomes owner just by signing in first.
 */
export function SetupPage() {
  const { t, registry } = useShell();
  const { appName } = registry;
  const [view, setView] = useState<View>({ name: 'loading' });
  const [code, setCode] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  // The failure itself, worded at render time so it follows a language switch.
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    fetchSessionUser().then(
      (user) => {
        if (!user) setView({ name: 'signedOut' });
        else setView(user.role === 'owner' ? { name: 'owner', isNew: false } : { name: 'form', user });
      },
      (caught: unknown) => {
        setView({ name: 'signedOut' });
        setError(caught);
      },
    );
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    try {
      await claimOwnership(code.trim());
      setView({ name: 'owner', isNew: true });
    } catch (caught) {
      setError(caught);
    } finally {
      setIsBusy(false);
    }
  }

  const loginUrl = signInAddress(OWNER_SETUP_PAGE);
  const errorAlert =
    error === null ? null : <Alert severity="error">{setupErrorText(t, appName, error)}</Alert>;

  return (
    <PageFrame title={t('platform.setup.title', { appName })} subtitle={t('platform.setup.subtitle')}>
      {view.name === 'loading' && <CircularProgress sx={{ alignSelf: 'center' }} aria-busy />}
      {view.name === 'signedOut' && (
        <Stack spacing={2}>
          <Typography variant="body2">{t('platform.setup.signInFirst', { appName })}</Typography>
          {errorAlert}
          <Button variant="contained" size="large" href={loginUrl}>
            {t('platform.setup.signIn')}
          </Button>
        </Stack>
      )}
      {view.name === 'form' && (
        <Stack component="form" spacing={2} onSubmit={submit} noValidate>
          <Typography variant="body2" color="text.secondary">
            {t('platform.setup.signedInAs', { name: view.user.email ?? view.user.fullName })}
          </Typography>
          <TextField
            label={t('platform.setup.code.label')}
            autoComplete="off"
            autoFocus
            required
            value={code}
            onChange={(changed) => setCode(changed.target.value)}
            slotProps={{ htmlInput: { spellCheck: false, maxLength: 100 } }}
          />
          {errorAlert}
          <Button type="submit" variant="contained" size="large" disabled={isBusy || code.trim() === ''}>
            {t(isBusy ? 'platform.setup.submitting' : 'platform.setup.submit')}
          </Button>
        </Stack>
      )}
      {view.name === 'owner' && (
        <Stack spacing={2}>
          <Alert severity="success">
            {t(view.isNew ? 'platform.setup.done' : 'platform.setup.alreadyOwner', { appName })}
          </Alert>
          <Button variant="contained" size="large" href="/">
            {t('platform.setup.continue', { appName })}
          </Button>
        </Stack>
      )}
    </PageFrame>
  );
}
