import { useLocale } from '@bazaar/platform-shell';
import { STORE_PERMISSION_MODES, STORE_REVIEW_TYPES, type StoreSettings } from '@bazaar/schemas';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputAdornment,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { apiErrorText, type ErrorCodeTexts } from '../../../components/api-error-text.ts';
import {
  checkSettingsDraft,
  serverSettingsErrors,
  toDraft,
  type SettingsDraft,
  type SettingsErrors,
} from './settings-draft.ts';
import { useUpdateStoreSettings } from './use-store-settings.ts';

/** The stake's currency is checked against the Payment Kit's when staking is saved. */
const SETTINGS_ERROR_TEXTS: ErrorCodeTexts = {
  CURRENCY_UNKNOWN: 'store.console.settings.error.currencyUnknown',
};

function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section">
      <CardContent>
        <Stack spacing={2}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}

type Notice = { kind: 'saved' } | { kind: 'unchanged' } | { kind: 'failed'; error: unknown };

/** The Store's settings, edited together; saving sends only what changed. */
export function SettingsForm({ settings }: { settings: StoreSettings }) {
  const { t } = useLocale();
  const [draft, setDraft] = useState<SettingsDraft>(() => toDraft(settings));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const update = useUpdateStoreSettings();
  const change = (patch: Partial<SettingsDraft>) => setDraft((current) => ({ ...current, ...patch }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const checked = checkSettingsDraft(t, draft, settings);
    setErrors(checked.errors ?? {});
    if (!checked.changes) return;
    if (Object.keys(checked.changes).length === 0) return setNotice({ kind: 'unchanged' });
    try {
      await update.mutateAsync(checked.changes);
      setNotice({ kind: 'saved' });
    } catch (error) {
      const atFields = serverSettingsErrors(t, error);
      if (atFields) setErrors(atFields);
      else setNotice({ kind: 'failed', error });
    }
  }

  return (
    <Stack component="form" noValidate spacing={3} onSubmit={onSubmit}>
      <SettingsSection title={t('store.console.settings.registration')}>
        <FormControl component="fieldset">
          <FormLabel component="legend">{t('store.console.settings.permissionMode')}</FormLabel>
          <RadioGroup
            value={draft.permissionMode}
            onChange={(event) =>
              change({ permissionMode: event.target.value as SettingsDraft['permissionMode'] })
            }
          >
            {STORE_PERMISSION_MODES.map((mode) => (
              <FormControlLabel
                key={mode}
                value={mode}
                control={<Radio />}
                label={t(`store.console.settings.permissionMode.${mode}`)}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('store.console.settings.stakeAmount')}
            value={draft.stakeAmount}
            onChange={(event) => change({ stakeAmount: event.target.value })}
            error={Boolean(errors.stakeAmount)}
            helperText={errors.stakeAmount ?? t('store.console.settings.stakeAmount.hint')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label={t('store.console.settings.stakeCurrency')}
            value={draft.stakeCurrency}
            onChange={(event) => change({ stakeCurrency: event.target.value })}
            error={Boolean(errors.stakeCurrency)}
            helperText={errors.stakeCurrency}
          />
        </Stack>
      </SettingsSection>
      <SettingsSection title={t('store.console.settings.review')}>
        <FormControl component="fieldset">
          <FormLabel component="legend">{t('store.console.settings.defaultReviewType')}</FormLabel>
          <RadioGroup
            value={draft.defaultReviewType}
            onChange={(event) =>
              change({ defaultReviewType: event.target.value as SettingsDraft['defaultReviewType'] })
            }
          >
            {STORE_REVIEW_TYPES.map((type) => (
              <FormControlLabel
                key={type}
                value={type}
                control={<Radio />}
                label={t(`store.console.settings.reviewType.${type}`)}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <FormControlLabel
          control={
            <Switch
              checked={draft.autoPublishDefault}
              onChange={(event) => change({ autoPublishDefault: event.target.checked })}
            />
          }
          label={t('store.console.settings.autoPublishDefault')}
        />
      </SettingsSection>
      <SettingsSection title={t('store.console.settings.uploads')}>
        <TextField
          label={t('store.console.settings.maxBundleSizeMb')}
          value={draft.maxBundleSizeMb}
          onChange={(event) => change({ maxBundleSizeMb: event.target.value })}
          error={Boolean(errors.maxBundleSizeMb)}
          helperText={errors.maxBundleSizeMb}
          sx={{ maxWidth: { sm: 240 } }}
          slotProps={{
            htmlInput: { inputMode: 'numeric' },
            input: { endAdornment: <InputAdornment position="end">MB</InputAdornment> },
          }}
        />
      </SettingsSection>
      <SettingsSection title={t('store.console.settings.sales')}>
        <TextField
          label={t('store.console.settings.storeSharePercent')}
          value={draft.storeSharePercent}
          onChange={(event) => change({ storeSharePercent: event.target.value })}
          error={Boolean(errors.storeSharePercent)}
          helperText={errors.storeSharePercent ?? t('store.console.settings.storeShareHelp')}
          sx={{ maxWidth: { sm: 240 } }}
          slotProps={{
            htmlInput: { inputMode: 'numeric' },
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          }}
        />
      </SettingsSection>
      {notice?.kind === 'saved' ? (
        <Alert severity="success" role="status">
          {t('store.console.settings.saved')}
        </Alert>
      ) : null}
      {notice?.kind === 'unchanged' ? (
        <Alert severity="info" role="status">
          {t('store.console.settings.unchanged')}
        </Alert>
      ) : null}
      {notice?.kind === 'failed' ? (
        <Alert severity="error">{apiErrorText(t, notice.error, SETTINGS_ERROR_TEXTS)}</Alert>
      ) : null}
      <Box>
        <Button type="submit" variant="contained" disabled={update.isPending}>
          {t('store.console.settings.save')}
        </Button>
      </Box>
    </Stack>
  );
}
