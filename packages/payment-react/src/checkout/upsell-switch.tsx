import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import type { LineItem } from '@bazaar/schemas';
import { formatRecurringAdjective } from '../format/format-recurring.ts';
import { useTranslate } from '../provider/payment-context.ts';

export interface UpsellSwitchProps {
  item: LineItem;
  /** From the server's last upsell/downsell answer; the page computes no saving itself. */
  savingsPercent: number | null;
  isChanging: boolean;
  onUpsell: (from: string, to: string) => void;
  onDownsell: (from: string) => void;
}

/** Whether a session offers the switch: upsells are for single-line sessions whose price has one. */
export function hasUpsell(items: readonly LineItem[]): boolean {
  const [item] = items;
  return (
    items.length === 1 && item !== undefined && (item.upsell_price_id !== null || item.price.upsell !== null)
  );
}

/** "Save with yearly billing" with its "Save N%" chip; on switches to the upsell price, off reverts. */
export function UpsellSwitch({ item, savingsPercent, isChanging, onUpsell, onDownsell }: UpsellSwitchProps) {
  const t = useTranslate();
  const isUpsold = item.upsell_price_id !== null;
  const target = item.upsell_price?.recurring;
  const label = target
    ? t('payment.checkout.upsell.switch', { recurring: formatRecurringAdjective(target, t) })
    : t('payment.checkout.upsell.switchLonger');
  const upsellsTo = item.price.upsell?.upsells_to_id;

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
              if (isOn && upsellsTo) onUpsell(item.price_id, upsellsTo);
              if (!isOn) onDownsell(item.upsell_price_id ?? item.price_id);
            }}
          />
        }
      />
      {savingsPercent !== null && savingsPercent > 0 ? (
        <Chip
          size="small"
          color="success"
          variant="outlined"
          label={t('payment.checkout.upsell.save', { percent: savingsPercent })}
        />
      ) : null}
    </Stack>
  );
}
