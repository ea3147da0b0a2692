import { useLocale } from '@bazaar/platform-shell';
import KeyRoundedIcon from '@mui/icons-material/KeyRounded';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { CopyButton } from '../../components/copy-button.tsx';
import { useNewAppKey, type NewAppKey } from './use-new-app-key.ts';

/** The file name the CLI looks for, in the app folder's `.bazaar/`. */
const KEY_FILE_NAME = 'app-key.json';

function NewAppKeyPanel({ made: { appKey, fileUrl } }: { made: NewAppKey }) {
  const { t } = useLocale();
  return (
    <Stack spacing={2}>
      <Stack spacing={0.5}>
        <Typography variant="overline" color="text.secondary">
          {t('store.keys.did')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {appKey.did}
          </Typography>
          <CopyButton
            text={appKey.did}
            label={t('store.keys.copyDid')}
            copiedLabel={t('store.keys.copied')}
          />
        </Stack>
      </Stack>
      <Alert severity="warning">{t('store.keys.keepSafe')}</Alert>
      <Button variant="contained" href={fileUrl} download={KEY_FILE_NAME} sx={{ alignSelf: 'flex-start' }}>
        {t('store.keys.download')}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {t('store.keys.where', { path: `.bazaar/${KEY_FILE_NAME}` })}
      </Typography>
    </Stack>
  );
}

/**
 * `/gen-key-pair`: makes an app's identity, an Ed25519 key pair whose public key is its DID,
 * in this browser. The private key is never sent anywhere; the person downloads it as a file.
 */
export function GenKeyPairPage() {
  const { t } = useLocale();
  const { made, generate } = useNewAppKey();
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Stack spacing={0.5}>
        <Typography sx={{ fontWeight: 700 }} variant="h4" component="h1">
          {t('store.keys.title')}
        </Typography>
        <Typography color="text.secondary">{t('store.keys.subtitle')}</Typography>
      </Stack>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={3}>
            <Button
              variant={made ? 'outlined' : 'contained'}
              startIcon={<KeyRoundedIcon />}
              onClick={generate}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t(made ? 'store.keys.again' : 'store.keys.generate')}
            </Button>
            {made ? <NewAppKeyPanel made={made} /> : null}
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
