import { useLocale } from '@bazaar/platform-shell';
import { APP_BLOCK_REASON_MAX_LENGTH, blockAppBodySchema, type StoreApp } from '@bazaar/schemas';
import { Checkbox, FormControlLabel, FormHelperText, FormControl } from '@mui/material';
import { useState } from 'react';
import { useStoreInfo } from '../../../api/use-store-info.ts';
import { apiErrorText } from '../../../components/api-error-text.ts';
import { APP_ERROR_TEXTS } from '../../../components/apps/app-error-texts.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { useBlockApp } from './use-console-app-changes.ts';

/**
 * Blocking hides the app from users and stops its new versions; its developer is shown the
 * reason. A Store that admits developers by staking also offers to slash the developer's stake.
 */
export function BlockAppDialog({ app, onClose }: { app: StoreApp; onClose(): void }) {
  const { t } = useLocale();
  const block = useBlockApp(app.did);
  const isStaking = useStoreInfo().data?.permissionMode === 'staking';
  const [slashStake, setSlashStake] = useState(false);
  return (
    <ReasonDialog
      title={t('store.apps.block.title', { name: app.title })}
      description={t('store.apps.block.description')}
      reasonLabel={t('store.apps.reason')}
      confirmLabel={t('store.apps.block.action')}
      maxLength={APP_BLOCK_REASON_MAX_LENGTH}
      parse={(reason) => blockAppBodySchema.safeParse({ reason, slashStake })}
      isBusy={block.isPending}
      errorText={block.error ? apiErrorText(t, block.error, APP_ERROR_TEXTS) : null}
      onConfirm={(body) => block.mutate(body, { onSuccess: onClose })}
      onClose={onClose}
    >
      {isStaking ? (
        <FormControl>
          <FormControlLabel
            control={
              <Checkbox checked={slashStake} onChange={(event) => setSlashStake(event.target.checked)} />
            }
            label={t('store.apps.block.slash')}
          />
          <FormHelperText>{t('store.apps.block.slashHint')}</FormHelperText>
        </FormControl>
      ) : null}
    </ReasonDialog>
  );
}
