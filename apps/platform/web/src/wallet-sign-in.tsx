import type { Translate } from '@bazaar/i18n';
import type { SessionUser } from '@bazaar/schemas';
import { Alert, Button, Typography } from '@mui/material';
import { useState } from 'react';
import type { EIP1193Provider } from 'viem';
import { fetchNonce, signInWithWallet } from './api.ts';
import { errorText } from './error-text.ts';

interface WalletSignInProps {
  t: Translate;
  appName: string;
  provider: EIP1193Provider | undefined;
  onSignedIn(user: SessionUser): void;
}

/** Signs in with the browser's wallet; without one it explains what is needed. */
export function WalletSignIn({ t, appName, provider, onSignedIn }: WalletSignInProps) {
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!provider) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('platform.login.wallet.missing')}
      </Typography>
    );
  }
  const wallet = provider;

  async function signIn() {
    setIsBusy(true);
    setError(null);
    // The wallet code is most of the page's weight, so it loads only for those who use it.
    const { isUserRejection, signInMessage } = await import('@bazaar/wallet');
    try {
      const statement = t('platform.login.wallet.statement', { appName });
      const { message, signature } = await signInMessage(wallet, { statement, nonce: await fetchNonce() });
      onSignedIn(await signInWithWallet(message, signature));
    } catch (caught) {
      setError(isUserRejection(caught) ? t('platform.login.wallet.rejected') : errorText(t, caught));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <>
      <Button variant="outlined" size="large" fullWidth disabled={isBusy} onClick={() => void signIn()}>
        {t(isBusy ? 'platform.login.wallet.signing' : 'platform.login.wallet.button')}
      </Button>
      {error && <Alert severity="error">{error}</Alert>}
    </>
  );
}
