import { useId, useMemo, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { DonateSettings, Setting } from '@bazaar/schemas';
import { ApiError } from '../api/api-error.ts';
import { extractErrorText } from '../api/error-text.ts';
import { StackedDialogActions } from '../primitives/stacked-dialog-actions.tsx';
import { TestModeBadge } from '../primitives/test-mode-badge.tsx';
import { useTranslate } from '../provider/payment-context.ts';
import { AmountFields } from './amount-fields.tsx';
import { AppearanceFields } from './appearance-fields.tsx';
import { BeneficiaryFields } from './beneficiary-fields.tsx';
import { createIssueText, settingErrorText } from './setting-error-text.ts';
import { settingFormSchema, sortServerErrors, withPresetChosen } from './setting-form-schema.ts';
import { useUpdateSetting } from './use-donation-settings.ts';

/** Draws the donation widget for settings being edited; the settings are the form's, checked or not. */
export type RenderSettingPreview = (settings: DonateSettings, setting: Setting) => ReactNode;

export interface DonationSettingEditorProps {
  setting: Setting;
  onClose: () => void;
  onSaved?: (setting: Setting) => void;
  /**
   * A preview beside the form (below it on phones), drawn again as the form changes, with the
   * values as they would be saved (a blank preset is the middle one). None by default.
   */
  renderPreview?: RenderSettingPreview;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={1.5}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * Edits one donation setting: title, amounts, appearance and beneficiaries. The form checks with
 * the server's schema; what the server still refuses shows at its field, or above the form when
 * no field shows it.
 */
export function DonationSettingEditor({
  setting,
  onClose,
  onSaved,
  renderPreview,
}: DonationSettingEditorProps) {
  const t = useTranslate();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const formId = useId();
  const resolver = useMemo(() => zodResolver(settingFormSchema, { error: createIssueText(t) }), [t]);
  const form = useForm<DonateSettings, unknown, DonateSettings>({
    resolver,
    defaultValues: setting.settings,
  });
  const { control, register, formState, setError } = form;
  const update = useUpdateSetting(setting.livemode);
  const [failure, setFailure] = useState<{ error: unknown; hasText: boolean } | null>(null);
  const isBusy = formState.isSubmitting;
  const [title, amount, appearance, beneficiaries] = useWatch({
    control,
    name: ['title', 'amount', 'appearance', 'beneficiaries'],
  });

  const save = form.handleSubmit(async (settings) => {
    setFailure(null);
    try {
      const saved = await update.mutateAsync({ setting, settings });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError) || error.details.length === 0) {
        setFailure({ error, hasText: true });
        return;
      }
      const { fields, others } = sortServerErrors(error.details);
      fields.forEach((detail, index) =>
        setError(
          detail.path as FieldPath<DonateSettings>,
          { type: 'server', message: detail.message },
          { shouldFocus: index === 0 },
        ),
      );
      const rest = new ApiError(error.status, error.code, error.message, others);
      setFailure({ error: rest, hasText: others.length > 0 });
    }
  });

  const preview = renderPreview?.(withPresetChosen({ title, amount, appearance, beneficiaries }), setting);

  return (
    <Dialog
      open
      onClose={(_, reason) => {
        // A click beside the dialog would lose the edits; Escape and Cancel are deliberate.
        if (!isBusy && reason !== 'backdropClick') onClose();
      }}
      fullWidth
      maxWidth={preview ? 'lg' : 'md'}
      fullScreen={isPhone}
      aria-labelledby={`${formId}-title`}
    >
      <DialogTitle id={`${formId}-title`} component="div">
        <Typography component="h2" variant="h6" sx={{ fontWeight: 600 }}>
          {t('payment.integrations.editor.title')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
          >
            {setting.mount_location}
          </Typography>
          {setting.livemode ? null : <TestModeBadge />}
        </Stack>
      </DialogTitle>
      <DialogContent dividers>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <FormProvider {...form}>
            <Stack
              component="form"
              id={formId}
              noValidate
              onSubmit={save}
              spacing={3}
              divider={<Divider flexItem />}
              sx={{ flex: 1, minWidth: 0 }}
            >
              {failure ? (
                <Alert severity="error">
                  <AlertTitle>{t('payment.integrations.editor.saveFailed')}</AlertTitle>
                  {failure.hasText ? extractErrorText(failure.error, t) : null}
                </Alert>
              ) : null}
              <Section title={t('payment.integrations.editor.general')}>
                <TextField
                  label={t('payment.integrations.field.title')}
                  disabled={isBusy}
                  error={Boolean(formState.errors.title)}
                  helperText={settingErrorText(formState.errors.title?.message, t)}
                  fullWidth
                  {...register('title')}
                />
              </Section>
              <Section title={t('payment.integrations.editor.amount')}>
                <AmountFields isDisabled={isBusy} />
              </Section>
              <Section title={t('payment.integrations.editor.appearance')}>
                <AppearanceFields isDisabled={isBusy} />
              </Section>
              <Section title={t('payment.integrations.editor.beneficiaries')}>
                <BeneficiaryFields isDisabled={isBusy} />
              </Section>
            </Stack>
          </FormProvider>
          {preview ? (
            <Box
              component="aside"
              aria-label={t('payment.integrations.editor.preview')}
              sx={{
                width: { md: '40%' },
                flexShrink: 0,
                alignSelf: { md: 'flex-start' },
                position: { md: 'sticky' },
                top: 0,
              }}
            >
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
                {t('payment.integrations.editor.preview')}
              </Typography>
              {preview}
            </Box>
          ) : null}
        </Stack>
      </DialogContent>
      <StackedDialogActions phoneDirection="column-reverse">
        <Button onClick={onClose} disabled={isBusy}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          form={formId}
          variant="contained"
          disabled={isBusy}
          startIcon={isBusy ? <CircularProgress size={18} color="inherit" /> : null}
        >
          {t('payment.integrations.editor.save')}
        </Button>
      </StackedDialogActions>
    </Dialog>
  );
}
