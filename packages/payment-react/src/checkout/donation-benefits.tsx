import { useEffect, useRef } from 'react';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Translate } from '@bazaar/i18n';
import type { Benefit, PaymentCurrency } from '@bazaar/schemas';
import { formatMoney } from '@bazaar/money';
import { usePaymentContext, useTranslate } from '../provider/payment-context.ts';

/** One beneficiary: "{name} will receive all tips"; several: "Tips are distributed to {count} beneficiaries". */
function benefitsHeadline(benefits: Benefit[], t: Translate): string {
  return benefits.length === 1
    ? t('payment.checkout.donation.benefits.one', { name: benefits[0]!.name })
    : t('payment.checkout.donation.benefits.many', { count: benefits.length });
}

function BenefitAvatar({ benefit, size }: { benefit: Benefit; size: number }) {
  const { platformUrl } = usePaymentContext();
  // The server names platform avatars by path: they live beside the platform's other services.
  const src = new URL(benefit.avatar, platformUrl).toString();
  return (
    <Avatar src={src} alt={benefit.name} sx={{ width: size, height: size, fontSize: size / 2 }}>
      {benefit.name.slice(0, 1)}
    </Avatar>
  );
}

/**
 * The small "Beneficiaries" button beside the amount title; nothing when the link names none.
 * Closing the list (`isListOpen` turning false) gives focus back to it.
 */
export function BenefitsToggle({
  benefits,
  isListOpen,
  onOpen,
}: {
  benefits: Benefit[];
  isListOpen: boolean;
  onOpen: () => void;
}) {
  const t = useTranslate();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasListOpen = useRef(isListOpen);
  useEffect(() => {
    if (wasListOpen.current && !isListOpen) buttonRef.current?.focus();
    wasListOpen.current = isListOpen;
  }, [isListOpen]);
  if (benefits.length === 0) return null;
  return (
    <ButtonBase
      ref={buttonRef}
      onClick={onOpen}
      sx={{ gap: 0.75, px: 1, py: 0.25, borderRadius: 4, color: 'primary.main', fontWeight: 500 }}
    >
      <AvatarGroup max={3} aria-hidden sx={{ '& .MuiAvatar-root': { borderWidth: 1 } }}>
        {benefits.map((benefit) => (
          <BenefitAvatar key={benefit.address} benefit={benefit} size={22} />
        ))}
      </AvatarGroup>
      <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
        {t('payment.checkout.donation.benefits.title')}
      </Typography>
      <ChevronRightRoundedIcon fontSize="small" />
    </ButtonBase>
  );
}

/** Who receives the tip, each with their share and part of it; Close returns to the form. */
export function BenefitsView(props: { benefits: Benefit[]; currency: PaymentCurrency; onClose: () => void }) {
  const t = useTranslate();
  const { benefits, currency } = props;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Stack component="section" spacing={2} aria-labelledby="benefits-title">
      <Stack spacing={0.5}>
        <Typography
          ref={headingRef}
          tabIndex={-1}
          id="benefits-title"
          component="h2"
          variant="subtitle1"
          sx={{ fontWeight: 600, outline: 'none' }}
        >
          {t('payment.checkout.donation.benefits.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {benefitsHeadline(benefits, t)}
        </Typography>
      </Stack>
      <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {benefits.map((benefit) => (
          <Stack
            component="li"
            key={benefit.address}
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'center' }}
          >
            <BenefitAvatar benefit={benefit} size={40} />
            <Stack sx={{ flex: 1, minWidth: 0 }}>
              {benefit.url ? (
                <Link href={benefit.url} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 500 }}>
                  {benefit.name}
                </Link>
              ) : (
                <Typography sx={{ fontWeight: 500 }}>{benefit.name}</Typography>
              )}
              <Typography variant="caption" color="text.secondary" noWrap title={benefit.address}>
                {benefit.address}
              </Typography>
            </Stack>
            <Stack sx={{ alignItems: 'flex-end' }}>
              <Typography sx={{ fontWeight: 600 }}>
                {benefit.amount === null ? '—' : formatMoney(benefit.amount, currency)}
              </Typography>
              <Typography variant="caption" color="text.secondary">{`${benefit.percent}%`}</Typography>
            </Stack>
          </Stack>
        ))}
      </Stack>
      <Button variant="outlined" size="large" onClick={props.onClose}>
        {t('payment.checkout.donation.benefits.close')}
      </Button>
    </Stack>
  );
}
