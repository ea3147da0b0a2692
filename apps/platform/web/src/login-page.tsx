import { useShell } from '@bazaar/platform-shell';
import type { SessionUser } from '@bazaar/schemas';
import { Alert, Divider, Typography } from '@mui/material';
import { useState } from 'react';
import type { EIP1193Provider } from 'viem';
import { EmailSignIn } from './email-sign-in.tsx';
import { PageFrame } from './page-frame.tsx';
import { WalletSignIn } from './wallet-sign-in.tsx';

interface LoginPageProps {
  walletProvider: EIP1193Provider | undefined;
  /** Called once a sign-in succeeded; the host page navigates away. */
  onSignedIn(user: SessionUser): void;
}

export function LoginPage({ walletProvider, onSignedIn }: LoginPageProps) {
  const { locale, t, registry } = useShell();
  const { appName } = registry;
  const [isDone, setIsDone] = useState(false);

  function finish(user: SessionUser) {
    setIsDone(true);
    onSignedIn(user);
  }

  return (
    <PageFrame title={t('platform.login.title', { appName })} subtitle={t('platform.login.subtitle')}>
      {isDone ? (
        <Alert severity="success">{t('platform.login.signedIn')}</Alert>
      ) : (
        <>
          <EmailSignIn t={t} locale={locale} onSignedIn={finish} />
          <Divider>
            <Typography variant="caption" color="text.secondary">
              {t('platform.login.or')}
            </Typography>
          </Divider>
          <WalletSignIn t={t} appName={appName} provider={walletProvider} onSignedIn={finish} />
        </>
      )}
    </PageFrame>
  );
}
