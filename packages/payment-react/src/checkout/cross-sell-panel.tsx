import { useEffect, useRef, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import type { PaymentCurrency, Price } from '@bazaar/schemas';
import { formatMoney } from '@bazaar/money';
import { formatRecurring } from '../format/format-recurring.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { unitAmountIn } from './checkout-amounts.ts';

/** How long the panel shakes when a submit is refused for want of the add-on (REQUIRE_CROSS_SELL). */
const CROSS_SELL_SHAKE_MS = 1_000;

const shake = keyframes`
  0%, 100% { transform: translateX(0); }
  15%, 45%, 75% { transform: translateX(-6px); }
  30%, 60%, 90% { transform: translateX(6px); }
`;

export interface CrossSellPanelProps {
  /** The offered price, or the add-on already in the cart. */
  price: Price;
  isInCart: boolean;
  isRequired: boolean;
  isChanging: boolean;
  currency: PaymentCurrency;
  onAdd: (priceId: string) => void;
  onRemove: () => void;
}

/** The link's add-on with Add/Remove; it shakes when a submit was refused with REQUIRE_CROSS_SELL. */
export function CrossSellPanel(props: CrossSellPanelProps) {
  const { price, isInCart, isRequired, isChanging, currency } = props;
  const { t, events } = usePaymentContext();
  const [shakeCount, setShakeCount] = useState(0);
  const [isShaking, setIsShaking] = useState(false);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(
    () =>
      events.on((event) => {
        if (event.code !== 'REQUIRE_CROSS_SELL') return;
        setShakeCount((count) => count + 1);
        setIsShaking(true);
      }),
    [events],
  );
  useEffect(() => {
    if (!isShaking) return;
    // On a phone the panel sits under the payment card: bring it into view as it shakes.
    panel.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    const timer = setTimeout(() => setIsShaking(false), CROSS_SELL_SHAKE_MS);
    return () => clearTimeout(timer);
  }, [isShaking, shakeCount]);

  const unit = unitAmountIn(price, currency.id);
  const title = t('payment.checkout.crossSell.title');
  return (
    <Box
      ref={panel}
      role="group"
      aria-label={title}
      data-shaking={isShaking ? 'true' : undefined}
      sx={{
        p: 2,
        border: 1,
        borderRadius: 1,
        borderStyle: isInCart ? 'solid' : 'dashed',
        borderColor: isShaking ? 'error.main' : 'divider',
        animation: isShaking ? `${shake} ${CROSS_SELL_SHAKE_MS}ms ease-in-out` : 'none',
        // People who asked for less motion see the red border alone.
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
          {title}
        </Typography>
        {isRequired ? (
          <Chip size="small" color="warning" label={t('payment.checkout.crossSell.required')} />
        ) : null}
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar
          variant="rounded"
          src={price.product.images[0]}
          alt={price.product.name}
          sx={{ width: 40, height: 40 }}
        >
          {price.product.name.slice(0, 1)}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>{price.product.name}</Typography>
          {unit !== null ? (
            <Typography variant="body2" color="text.secondary">
              {formatMoney(unit, currency)}
              {price.recurring ? ` ${formatRecurring(price.recurring, t)}` : ''}
            </Typography>
          ) : null}
        </Box>
        {isInCart ? (
          <Button
            variant="text"
            disabled={isChanging}
            onClick={props.onRemove}
            aria-label={`${t('payment.checkout.crossSell.remove')} ${price.product.name}`}
          >
            {t('payment.checkout.crossSell.remove')}
          </Button>
        ) : (
          <Button
            variant="outlined"
            disabled={isChanging}
            onClick={() => props.onAdd(price.id)}
            aria-label={`${t('payment.checkout.crossSell.add')} ${price.product.name}`}
          >
            {t('payment.checkout.crossSell.add')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
