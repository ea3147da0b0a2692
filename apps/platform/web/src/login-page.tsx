import { createTranslator, type Locale } from '@bazaar/i18n';
import type { SessionUser } from '@bazaar/schemas';
import {
  Alert,
  Box,
  Button,
  ButtonGroup,
  Card,
  CardContent,
  Divider,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import type { EIP1193Provider } from 'viem';
import { EmailSignIn } from './email-sign-in.tsx';
import { rememberLocale } from './locale.ts';
import { WalletSignIn } from './wallet-sign-in.tsx';

interface LoginPageProps {
  initialLocale: Locale;
  appName: string;
  walletProvider: EIP1193Provider | undefined;
  /** Called once a sign-in succeeded; the host page navigates away. */
  onSignedIn(user: SessionUser): void;
}

const LANGUAGES: ReadonlyArray<{ locale: Locale; label: string }> = [
  { locale: 'en', label: 'English' },
  { locale: 'zh', label: '中文' },
];

export function LoginPage({ initialLocale, appName, walletProvider, onSignedIn }: LoginPageProps) {
  const [locale, setLocale] = useState(initialLocale);
  const [isDone, setIsDone] = useState(false);
  const t = useMemo(() => createTranslator(locale), [locale]);
  const title = t('platform.login.title', { appName });
  useEffect(() => {
    document.title = title;
  }, [title]);

  function finish(user: SessionUser) {
    setIsDone(true);
    onSignedIn(user);
  }

  function chooseLocale(next: Locale) {
    rememberLocale(next);
    document.documentElement.lang = next;
    setLocale(next);
  }

  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', px: 2, py: 4 }}>
      <Stack spacing={2} sx={{ width: '100%', maxWidth: 400 }}>
        <Card variant="outlined">
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Stack spacing={3}>
              <Stack spacing={0.5}>
                <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
                  {title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('platform.login.subtitle')}
                </Typography>
              </Stack>
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
            </Stack>
          </CardContent>
        </Card>
        <ButtonGroup
          variant="text"
          size="small"
          sx={{ alignSelf: 'center' }}
          aria-label={t('common.language')}
        >
          {LANGUAGES.map((language) => (
            <Button
              key={language.locale}
              onClick={() => chooseLocale(language.locale)}
              color={language.locale === locale ? 'primary' : 'inherit'}
              aria-pressed={language.locale === locale}
            >
              {language.label}
            </Button>
          ))}
        </ButtonGroup>
      </Stack>
    </Box>
  );
}
