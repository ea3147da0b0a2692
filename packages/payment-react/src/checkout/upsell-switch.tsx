import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import type { LineItem } from '@bazaar/schemas';
import { formatRecurringAdjective } from '../format/format-recurring.ts';
import { useTranslate } from '../provider/payment-context.ts';

export interface UpsellSwitchProps {
  item: LineItem;
  /** The last upsell/downsell answer's saving, shown while the line is upsold (it then has no offer). */
  savingsPercent: number | null;
  isChanging: boolean;
  onUpsell: (from: string, to: string) => void;
  onDownsell: (from: string) => void;
}

/** Whether a session offers the switch: the server offers upsells to single-line sessions only. */
export function hasUpsell(items: readonly LineItem[]): boolean {
  const [item] = items;
  return (
    items.length === 1 && item !== undefined && (item.upsell_price_id !== null || item.upsell_offer !== null)
  );
}

/**
 * "Save with yearly billing" with its "Save N%" chip, both known before the switch from the
 * line's upsell offer; on switches to the upsell price, off reverts. The figures are the server's.
 */
export function UpsellSwitch({ item, savingsPercent, isChanging, onUpsell, onDownsell }: UpsellSwitchProps) {
  const t = useTranslate();
  const isUpsold = item.upsell_price_id !== null;
  const offer = item.upsell_offer;
  const target = (item.upsell_price ?? offer?.price)?.recurring;
  const savings = offer?.savings_percent ?? savingsPercent;
  const label = target
    ? t('payment.checkout.upsell.switch', { recurring: formatRecurringAdjective(target, t) })
    : t('payment.checkout.upsell.switchLonger');

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FormControlLabel
        sx={{ mr: 0 }}
        label={label}
        control={
          <Switch
            checked={isUpsold}
            disabled={isChanging}
            onChange={(_event, isOn) => {
              if (isOn && offer) onUpsell(item.price_id, offer.price.id);
              if (!isOn) onDownsell(item.upsell_price_id ?? item.price_id);
            }}
          />
        }
      />
      {savings !== null && savings > 0 ? (
        <Chip
          size="small"
          color="success"
          variant="outlined"
          label={t('payment.checkout.upsell.save', { percent: savings })}
        />
      ) : null}
    </Stack>
  );
}
