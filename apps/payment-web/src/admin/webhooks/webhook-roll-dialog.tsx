import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { extractErrorText, useTranslate } from '@bazaar/payment-react';
import { useRollWebhookSecret } from '../api/use-webhooks.ts';
import { AdminDialog } from '../components/admin-dialog.tsx';
import { WebhookSecretDialog } from './webhook-secret-dialog.tsx';

/** How long the old secret keeps signing beside the new one. */
const OVERLAPS = [
  { seconds: 0, label: 'payment.admin.webhook.rollOverlap.now' },
  { seconds: 3_600, label: 'payment.admin.webhook.rollOverlap.hour' },
  { seconds: 86_400, label: 'payment.admin.webhook.rollOverlap.day' },
] as const;

/** Rolls the endpoint's signing secret, the old one overlapping as chosen, then shows the new one once. */
export function WebhookRollDialog({
  endpointId,
  isOpen,
  onClose,
}: {
  endpointId: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  const t = useTranslate();
  const roll = useRollWebhookSecret(endpointId);
  const [overlap, setOverlap] = useState(0);
  const [secret, setSecret] = useState<string | null>(null);

  return (
    <>
      <AdminDialog title={t('payment.admin.webhook.rollTitle')} isOpen={isOpen} onClose={onClose}>
        <Stack spacing={2.5}>
          {roll.error ? (
            <Alert severity="error">
              {t('payment.admin.webhook.actionFailed', { reason: extractErrorText(roll.error, t) })}
            </Alert>
          ) : null}
          <Typography variant="body2">{t('payment.admin.webhook.rollExplain')}</Typography>
          <Stack>
            <FormLabel id="roll-overlap-label" sx={{ fontSize: 14 }}>
              {t('payment.admin.webhook.rollOverlap')}
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby="roll-overlap-label"
              value={String(overlap)}
              onChange={(event) => setOverlap(Number(event.target.value))}
            >
              {OVERLAPS.map((option) => (
                <FormControlLabel
                  key={option.seconds}
                  value={String(option.seconds)}
                  control={<Radio size="small" />}
                  label={t(option.label)}
                />
              ))}
            </RadioGroup>
          </Stack>
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              color="warning"
              loading={roll.isPending}
              onClick={() =>
                roll.mutate(overlap, {
                  onSuccess: (endpoint) => {
                    onClose();
                    setSecret(endpoint.secret);
                  },
                })
              }
            >
              {t('payment.admin.webhook.rollSecret')}
            </Button>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
          </Stack>
        </Stack>
      </AdminDialog>
      <WebhookSecretDialog
        secret={secret}
        onClose={() => {
          setSecret(null);
          // The mutation keeps its answer, secret and all, until reset.
          roll.reset();
        }}
      />
    </>
  );
}
