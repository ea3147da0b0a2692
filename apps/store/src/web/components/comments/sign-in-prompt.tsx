import { currentAddress, signInAddress, useLocale } from '@bazaar/platform-shell';
import { Alert, Button } from '@mui/material';

/** In place of the comment box for a visitor: sign in, and come back to this very page. */
export function SignInPrompt() {
  const { t } = useLocale();
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" href={signInAddress(currentAddress())}>
          {t('store.comments.signIn')}
        </Button>
      }
    >
      {t('store.comments.signInPrompt')}
    </Alert>
  );
}
