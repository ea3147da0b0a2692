import Avatar from '@mui/material/Avatar';
import PersonOutlineRoundedIcon from '@mui/icons-material/PersonOutlineRounded';
import { USER_SERVICE_PATH, type Supporter } from '@bazaar/schemas';
import { usePaymentContext } from '../provider/payment-context.ts';

/** Where a supporter's picture comes from, at twice the size shown for sharp screens. */
export function supporterAvatarUrl(platformUrl: string, did: string, size: number): string {
  const base = platformUrl.replace(/\/$/, '');
  return `${base}${USER_SERVICE_PATH}/avatar/${encodeURIComponent(did)}?size=${Math.max(16, size * 2)}`;
}

/**
 * A supporter's face: their platform avatar; an anonymous one (or a guest, whose DID stays on
 * the server) gets a neutral figure, never anything derived from who they are.
 */
export function SupporterAvatar({ supporter, size }: { supporter: Supporter; size: number }) {
  const { platformUrl, t } = usePaymentContext();
  const { did, name } = supporter.customer;
  const label = name ?? t('payment.donate.anonymous');
  return (
    <Avatar
      alt={label}
      title={label}
      src={did ? supporterAvatarUrl(platformUrl, did, size) : undefined}
      sx={{ width: size, height: size, fontSize: size * 0.5 }}
    >
      {did ? null : name ? (
        name.charAt(0).toUpperCase()
      ) : (
        <PersonOutlineRoundedIcon sx={{ fontSize: size * 0.7 }} />
      )}
    </Avatar>
  );
}
