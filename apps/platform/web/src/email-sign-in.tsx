import type { Locale, Translate } from '@bazaar/i18n';
import type { SessionUser } from '@bazaar/schemas';
import { Alert, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { startEmailSignIn, verifyEmailCode } from './api.ts';
import { errorText } from './error-text.ts';

interface EmailSignInProps {
  t: Translate;
  locale: Locale;
  onSignedIn(user: SessionUser): void;
}

type Step = { name: 'email' } | { name: 'code'; email: string };

/** Email first, then the 6-digit code we mailed; a wrong code keeps the person on the code step. */
export function EmailSignIn({ t, locale, onSignedIn }: EmailSignInProps) {
  const [step, setStep] = useState<Step>({ name: 'email' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<void>) {
    setIsBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(errorText(t, caught));
    } finally {
      setIsBusy(false);
    }
  }

  const sendCode = (address: string) =>
    run(async () => {
      await startEmailSignIn(address, locale);
      setCode('');
      setStep({ name: 'code', email: address });
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (step.name === 'email') void sendCode(email.trim());
    else void run(async () => onSignedIn(await verifyEmailCode(step.email, code)));
  }

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      {step.name === 'email' ? (
        <TextField
          label={t('platform.login.email.label')}
          placeholder={t('platform.login.email.placeholder')}
          type="email"
          autoComplete="email"
          autoFocus
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('platform.login.email.sentTo', { email: step.email })}
          </Typography>
          <TextField
            label={t('platform.login.code.label')}
            autoComplete="one-time-code"
            autoFocus
            required
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]{6}', maxLength: 6 } }}
          />
        </>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={isBusy || (step.name === 'email' ? email.trim() === '' : code.length !== 6)}
      >
        {step.name === 'email'
          ? t(isBusy ? 'platform.login.email.sending' : 'platform.login.email.send')
          : t(isBusy ? 'platform.login.code.verifying' : 'platform.login.code.verify')}
      </Button>
      {step.name === 'code' && (
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Link component="button" type="button" variant="body2" onClick={() => void sendCode(step.email)}>
            {t('platform.login.code.resend')}
          </Link>
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => {
              setError(null);
              setStep({ name: 'email' });
            }}
          >
            {t('platform.login.code.changeEmail')}
          </Link>
        </Stack>
      )}
    </Stack>
  );
}
