import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import CasinoOutlinedIcon from '@mui/icons-material/CasinoOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { checkTypedAmount, formatAmount, middlePreset, toUnits } from '@bazaar/money';
import type { LineItem, PaymentCurrency } from '@bazaar/schemas';
import type { SessionChange } from '../api/session-changes-api.ts';
import { currencySign, formatMoney } from '@bazaar/money';
import { usePaymentContext } from '../provider/payment-context.ts';
import { linePrice } from './checkout-amounts.ts';
import { randomAmount, type CustomAmountTerms } from './custom-amount.ts';
import { readDonationPreference, storeDonationPreference } from './donation-preference.ts';
import { useCountUp } from './use-count-up.ts';
import { useTypedAmountMessage } from './use-typed-amount-message.ts';

// A hint on hover only: its positioning code loads with the first custom amount field.
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/** A typed amount is sent once the payer pauses, not on every key. */
const TYPING_PAUSE_MS = 400;

export interface DonationAmountPickerProps {
  item: LineItem;
  terms: CustomAmountTerms;
  currency: PaymentCurrency;
  did: string | null;
  isDisabled: boolean;
  onChange: (change: SessionChange) => void;
  /** False while the typed amount would be refused: paying waits for a valid one. */
  onValidityChange: (isValid: boolean) => void;
  /** Shown at the end of the title's line (the beneficiaries toggle). */
  action?: ReactNode;
}

type Choice = { kind: 'preset'; amount: bigint } | { kind: 'custom' };

/**
 * The "pick for me" amount, drawn on the click. Drawn outside the component: the compiler's
 * purity check takes a click handler reached from a list's `map` for render code (react#34046).
 */
function drawAmount(terms: CustomAmountTerms, currency: PaymentCurrency): bigint | null {
  return randomAmount(terms.presets, currency, Math.random());
}

/** The tip selector: preset cards, a Custom card with its amount field and a "pick for me" button. */
export function DonationAmountPicker(props: DonationAmountPickerProps) {
  const { item, terms, currency, did, isDisabled, onChange, onValidityChange } = props;
  const { t, storage } = usePaymentContext();
  const priceId = linePrice(item).id;
  const current = item.custom_amount === null ? null : toUnits(item.custom_amount);
  const [initial] = useState(() => initialChoice(terms, currency, readDonationPreference(storage, did)));
  const [choice, setChoice] = useState<Choice>(initial.choice);
  const [text, setText] = useState(() =>
    formatAmount(initial.amount ?? current ?? terms.minimum, currency.decimal),
  );
  const countUp = useCountUp();
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const check = checkTypedAmount(text, currency, terms);
  const message = useTypedAmountMessage(check, currency);
  // A typed amount not yet sent would pay the old one: paying waits for it too.
  const [hasUnsent, setHasUnsent] = useState(false);
  const isValid = (choice.kind === 'preset' || check.ok) && !hasUnsent;

  useEffect(() => onValidityChange(isValid), [isValid, onValidityChange]);
  useEffect(() => () => (typingTimer.current ? clearTimeout(typingTimer.current) : undefined), []);

  const send = (amount: bigint, kind: Choice['kind']) => {
    setHasUnsent(false);
    storeDonationPreference(storage, did, { kind, amount: amount.toString(), currencyId: currency.id });
    if (amount !== current) onChange({ type: 'amount', priceId, amount });
  };
  // The remembered choice or the middle preset replaces what the session started at.
  const hasSentInitial = useRef(false);
  useEffect(() => {
    if (hasSentInitial.current || initial.amount === null) return;
    hasSentInitial.current = true;
    if (initial.amount !== current) onChange({ type: 'amount', priceId, amount: initial.amount });
  }, [initial.amount, current, onChange, priceId]);

  const choosePreset = (amount: bigint) => {
    setChoice({ kind: 'preset', amount });
    setText(formatAmount(amount, currency.decimal));
    send(amount, 'preset');
  };
  const type = (next: string) => {
    setText(next);
    if (typingTimer.current) clearTimeout(typingTimer.current);
    const typed = checkTypedAmount(next, currency, terms);
    setHasUnsent(typed.ok);
    if (typed.ok) typingTimer.current = setTimeout(() => send(typed.units, 'custom'), TYPING_PAUSE_MS);
  };
  const pickForMe = () => {
    const target = drawAmount(terms, currency);
    if (target === null) return;
    const from = check.ok ? check.units : terms.minimum;
    setHasUnsent(true);
    countUp(
      from,
      target,
      (amount) => setText(formatAmount(amount, currency.decimal)),
      (amount) => {
        setText(formatAmount(amount, currency.decimal));
        send(amount, 'custom');
      },
    );
  };

  const pickForMeButton = (
    <IconButton
      aria-label={t('payment.checkout.donation.random')}
      onClick={pickForMe}
      disabled={isDisabled}
      edge="end"
    >
      <CasinoOutlinedIcon />
    </IconButton>
  );
  const cards: Array<{ key: string; label: string; isSelected: boolean; onSelect: () => void }> = [
    ...terms.presets.map((amount) => ({
      key: amount.toString(),
      label: formatMoney(amount, currency),
      isSelected: choice.kind === 'preset' && choice.amount === amount,
      onSelect: () => choosePreset(amount),
    })),
    {
      key: 'custom',
      label: t('payment.checkout.donation.custom'),
      isSelected: choice.kind === 'custom',
      onSelect: () => setChoice({ kind: 'custom' }),
    },
  ];

  return (
    <Stack spacing={1.5}>
      {/* As tall with the action as without, so its late arrival moves nothing. */}
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', minHeight: 32 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }} id="donation-amount-label">
          {t('payment.checkout.donation.title')}
        </Typography>
        {props.action}
      </Stack>
      <Box
        role="radiogroup"
        aria-labelledby="donation-amount-label"
        sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' } }}
      >
        {cards.map((card) => (
          <ButtonBase
            key={card.key}
            role="radio"
            aria-checked={card.isSelected}
            disabled={isDisabled}
            onClick={card.onSelect}
            sx={{
              p: 1.5,
              borderRadius: 1,
              border: 1,
              borderColor: card.isSelected ? 'primary.main' : 'divider',
              boxShadow: card.isSelected ? (theme) => `0 0 0 1px ${theme.palette.primary.main}` : 'none',
              fontWeight: 600,
              fontSize: '1rem',
            }}
          >
            {card.label}
          </ButtonBase>
        ))}
      </Box>
      {choice.kind === 'custom' ? (
        <TextField
          label={t('payment.checkout.donation.customAmount', { symbol: currencySign(currency) })}
          value={text}
          onChange={(event) => type(event.target.value)}
          disabled={isDisabled}
          error={message !== null}
          helperText={message ?? ' '}
          autoFocus
          slotProps={{
            htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Suspense fallback={pickForMeButton}>
                    <Tooltip title={t('payment.checkout.donation.random')}>{pickForMeButton}</Tooltip>
                  </Suspense>
                </InputAdornment>
              ),
            },
          }}
        />
      ) : null}
    </Stack>
  );
}

/** The remembered choice when it still fits this price and currency, else the middle preset. */
function initialChoice(
  terms: CustomAmountTerms,
  currency: PaymentCurrency,
  remembered: ReturnType<typeof readDonationPreference>,
): { choice: Choice; amount: bigint | null } {
  if (remembered && remembered.currencyId === currency.id) {
    const amount = BigInt(remembered.amount);
    if (remembered.kind === 'preset' && terms.presets.includes(amount)) {
      return { choice: { kind: 'preset', amount }, amount };
    }
    const typed = checkTypedAmount(formatAmount(amount, currency.decimal), currency, terms);
    if (remembered.kind === 'custom' && typed.ok) return { choice: { kind: 'custom' }, amount };
  }
  const middle = middlePreset(terms.presets);
  return middle === null
    ? { choice: { kind: 'custom' }, amount: null }
    : { choice: { kind: 'preset', amount: middle }, amount: middle };
}
