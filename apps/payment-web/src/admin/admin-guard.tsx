import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { StatusPanel } from '@bazaar/payment-react';
import { useShell } from '@bazaar/platform-shell';
import { isPaymentAdmin } from '@bazaar/schemas';

/**
 * Lets in owners, admins and platform developers; anyone else signed in is told 403 (the admin
 * API refuses them all the same). Sits inside the sign-in guard, which sends guests to sign in.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { t, user } = useShell();
  if (!user) return <LinearProgress aria-label={t('platform.shell.loading')} sx={{ height: 2 }} />;
  if (!isPaymentAdmin(user)) {
    return (
      <StatusPanel title="403" description={t('platform.shell.forbidden')}>
        <Button href="/" variant="outlined">
          {t('payment.admin.home')}
        </Button>
      </StatusPanel>
    );
  }
  return children;
}
