import { useLocale } from '@bazaar/platform-shell';
import type { AccessToken } from '@bazaar/schemas';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { hasStoreErrorCode } from '../../api/store-api.ts';
import { apiErrorText } from '../../components/api-error-text.ts';
import { ResponsiveDialog } from '../../components/responsive-dialog.tsx';
import { useDeleteAccessToken } from './use-access-tokens.ts';

interface DeleteTokenDialogProps {
  token: AccessToken;
  onClose(): void;
}

/** Deleting a token needs its name typed exactly; the server checks it again. */
export function DeleteTokenDialog({ token, onClose }: DeleteTokenDialogProps) {
  const { t } = useLocale();
  const [typedName, setTypedName] = useState('');
  const [isMismatch, setIsMismatch] = useState(false);
  const remove = useDeleteAccessToken();
  const isRefusedName = isMismatch || hasStoreErrorCode(remove.error, 'TOKEN_NAME_MISMATCH');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const confirmName = typedName.trim();
    setIsMismatch(confirmName !== token.name);
    if (confirmName !== token.name) return;
    try {
      await remove.mutateAsync({ id: token.id, confirmName });
      onClose();
    } catch {
      // Shown below from the mutation's error.
    }
  }

  return (
    <ResponsiveDialog
      title={t('store.developer.tokens.delete.title', { name: token.name })}
      isLocked={remove.isPending}
      onClose={onClose}
      onSubmit={onSubmit}
      actions={
        <>
          <Button onClick={onClose} disabled={remove.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={remove.isPending}>
            {t('store.developer.tokens.delete.action')}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography>{t('store.developer.tokens.delete.description')}</Typography>
        <TextField
          label={t('store.developer.tokens.delete.typeName', { name: token.name })}
          value={typedName}
          onChange={(event) => setTypedName(event.target.value)}
          error={isRefusedName}
          helperText={isRefusedName ? t('store.developer.tokens.delete.mismatch') : undefined}
          autoComplete="off"
          fullWidth
          autoFocus
        />
        {remove.error && !isRefusedName ? (
          <Alert severity="error">{apiErrorText(t, remove.error)}</Alert>
        ) : null}
      </Stack>
    </ResponsiveDialog>
  );
}
