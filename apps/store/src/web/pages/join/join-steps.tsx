import type { MessageKey } from '@bazaar/i18n';
import { useLocale } from '@bazaar/platform-shell';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { StakePayment } from './stake-payment.tsx';

/** The developer terms, one line each. */
const TERMS: MessageKey[] = [
  'store.join.terms.rights',
  'store.join.terms.review',
  'store.join.terms.stake',
  'store.join.terms.revoke',
];

interface JoinStepsProps {
  /** The stake in token units and its currency, as the Store publishes them. */
  stake: { amount: string; currency: string };
}

/** Registration by staking: agree to the terms, see the stake, then pay it (`StakePayment`). */
export function JoinSteps({ stake }: JoinStepsProps) {
  const { t } = useLocale();
  const [hasAgreed, setHasAgreed] = useState(false);
  const [isAgreementMissing, setIsAgreementMissing] = useState(false);
  const [isPayStep, setIsPayStep] = useState(false);

  function proceed() {
    setIsAgreementMissing(!hasAgreed);
    setIsPayStep(hasAgreed);
  }

  return (
    <Stack spacing={3}>
      <Card variant="outlined" component="section" aria-labelledby="join-terms-heading">
        <CardContent>
          <Typography
            id="join-terms-heading"
            component="h2"
            variant="h6"
            sx={{ fontWeight: 600 }}
            gutterBottom
          >
            {t('store.join.terms.title')}
          </Typography>
          <Box component="ol" sx={{ pl: 3, my: 1 }}>
            {TERMS.map((term) => (
              <Typography key={term} component="li" sx={{ mb: 1 }}>
                {t(term)}
              </Typography>
            ))}
          </Box>
          <FormControl error={isAgreementMissing}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={hasAgreed}
                  onChange={(event) => {
                    setHasAgreed(event.target.checked);
                    if (event.target.checked) setIsAgreementMissing(false);
                  }}
                />
              }
              label={t('store.join.terms.agree')}
            />
            {isAgreementMissing ? <FormHelperText>{t('store.join.terms.required')}</FormHelperText> : null}
          </FormControl>
        </CardContent>
      </Card>
      <Card variant="outlined" component="section" aria-labelledby="join-stake-heading">
        <CardContent>
          <Typography
            id="join-stake-heading"
            component="h2"
            variant="h6"
            sx={{ fontWeight: 600 }}
            gutterBottom
          >
            {t('store.join.stake.title')}
          </Typography>
          <Typography>
            {t('store.join.stake.amount', { amount: stake.amount, currency: stake.currency })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('store.join.stake.hint')}
          </Typography>
        </CardContent>
      </Card>
      {isPayStep ? (
        <StakePayment onBack={() => setIsPayStep(false)} />
      ) : (
        <Box>
          <Button variant="contained" onClick={proceed}>
            {t('store.join.continue')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
