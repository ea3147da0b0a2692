import type { MessageKey } from '@bazaar/i18n';
import { currentAddress, signInAddress, useLocale } from '@bazaar/platform-shell';
import { Alert, Button, type AlertColor } from '@mui/material';

interface SignInPromptProps {
  /** Why signing in is asked for here. */
  message: MessageKey;
  severity?: AlertColor;
}

/** Where a visitor must sign in first: a sign-in button that comes back to this very page. */
export function SignInPrompt({ message, severity = 'info' }: SignInPromptProps) {
  const { t } = useLocale();
  return (
    <Alert
      severity={severity}
      action={
        <Button color="inherit" size="small" href={signInAddress(currentAddress())}>
          {t('store.signIn')}
        </Button>
      }
    >
      {t(message)}
    </Alert>
  );
}
