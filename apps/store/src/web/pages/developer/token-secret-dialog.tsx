import { useLocale } from '@bazaar/platform-shell';
import { Alert, Button, Stack, TextField } from '@mui/material';
import type { FocusEvent } from 'react';
import { CopyButton } from '../../components/copy-button.tsx';
import { ResponsiveDialog } from '../../components/responsive-dialog.tsx';

interface TokenSecretDialogProps {
  name: string;
  token: string;
  onClose(): void;
}

/**
 * The new token's secret, shown this once: the Store keeps only its hash. Only "Done" closes the
 * dialog (not a click beside it or Escape), so nobody loses it by accident.
 */
export function TokenSecretDialog({ name, token, onClose }: TokenSecretDialogProps) {
  const { t } = useLocale();
  return (
    <ResponsiveDialog
      title={t('store.developer.tokens.secret.title', { name })}
      isLocked
      onClose={onClose}
      actions={
        <Button variant="contained" onClick={onClose}>
          {t('store.developer.tokens.secret.done')}
        </Button>
      }
    >
      <Stack spacing={2}>
        <Alert severity="warning">{t('store.developer.tokens.secret.warning')}</Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            label={t('store.developer.tokens.secret.label')}
            value={token}
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                spellCheck: false,
                style: { fontFamily: 'monospace' },
                onFocus: (event: FocusEvent<HTMLInputElement>) => event.target.select(),
              },
            }}
          />
          <CopyButton
            text={token}
            variant="outlined"
            label={t('store.developer.tokens.secret.copy')}
            copiedLabel={t('store.copy.copied')}
          />
        </Stack>
      </Stack>
    </ResponsiveDialog>
  );
}
