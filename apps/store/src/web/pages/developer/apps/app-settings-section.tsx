import { useLocale } from '@bazaar/platform-shell';
import type { StoreApp } from '@bazaar/schemas';
import { Alert, FormControlLabel, FormGroup, FormHelperText, Stack, Switch } from '@mui/material';
import type { ReactNode } from 'react';
import { apiErrorText } from '../../../components/api-error-text.ts';
import { APP_ERROR_TEXTS } from '../../../components/apps/app-error-texts.ts';
import { DetailSection } from '../../../components/apps/detail-section.tsx';
import { useUpdateApp } from './use-developer-app-changes.ts';

interface SettingSwitchProps {
  label: string;
  hint: string;
  isOn: boolean;
  isBusy: boolean;
  onChange(isOn: boolean): void;
}

function SettingSwitch({ label, hint, isOn, isBusy, onChange }: SettingSwitchProps): ReactNode {
  return (
    <Stack>
      <FormControlLabel
        control={
          <Switch checked={isOn} disabled={isBusy} onChange={(event) => onChange(event.target.checked)} />
        }
        label={label}
      />
      <FormHelperText sx={{ mt: 0 }}>{hint}</FormHelperText>
    </Stack>
  );
}

/** The developer's switches: whether the app is public, whether versions publish themselves, how its supporters show. */
export function AppSettingsSection({ app }: { app: StoreApp }) {
  const { t } = useLocale();
  const update = useUpdateApp(app.did);
  return (
    <DetailSection title={t('store.apps.settings.title')}>
      <FormGroup sx={{ gap: 2 }}>
        <SettingSwitch
          label={t('store.apps.settings.public')}
          hint={t('store.apps.settings.publicHint')}
          isOn={app.visibility === 'public'}
          isBusy={update.isPending}
          onChange={(isOn) => update.mutate({ visibility: isOn ? 'public' : 'private' })}
        />
        <SettingSwitch
          label={t('store.apps.settings.autoPublish')}
          hint={t('store.apps.settings.autoPublishHint')}
          isOn={app.autoPublish}
          isBusy={update.isPending}
          onChange={(autoPublish) => update.mutate({ autoPublish })}
        />
        <SettingSwitch
          label={t('store.apps.settings.supportersTable')}
          hint={t('store.apps.settings.supportersTableHint')}
          isOn={app.supportersView === 'table'}
          isBusy={update.isPending}
          onChange={(isOn) => update.mutate({ supportersView: isOn ? 'table' : 'avatar' })}
        />
      </FormGroup>
      {update.error ? <Alert severity="error">{apiErrorText(t, update.error, APP_ERROR_TEXTS)}</Alert> : null}
    </DetailSection>
  );
}
