import { shortAddress, type SessionUser } from '@bazaar/schemas';
import { Box, Chip, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocale } from '@bazaar/platform-shell';
import { DidCopyButton } from './did-copy-button.tsx';

/** One labelled fact of the account. */
function AccountFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="div" sx={{ display: 'grid', gridTemplateColumns: { sm: '140px 1fr' }, gap: 0.5 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/** What the account is: email, linked wallet, passports and DID; none of it is edited here. */
export function AccountDetails({ user }: { user: SessionUser }) {
  const { t } = useLocale();
  return (
    <Stack component="dl" spacing={2} sx={{ m: 0 }}>
      <AccountFact label={t('store.profile.email.label')}>
        <Typography color={user.email ? 'text.primary' : 'text.secondary'}>
          {user.email ?? t('store.profile.email.none')}
        </Typography>
      </AccountFact>
      <AccountFact label={t('store.profile.wallet.label')}>
        {user.walletAddress ? (
          <Typography title={user.walletAddress} sx={{ fontFamily: 'monospace' }}>
            {shortAddress(user.walletAddress)}
          </Typography>
        ) : (
          <Typography color="text.secondary">{t('store.profile.wallet.none')}</Typography>
        )}
      </AccountFact>
      <AccountFact label={t('store.profile.passports.label')}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {user.passports.map((passport) => (
            <Chip key={passport.role} size="small" label={t(`store.profile.role.${passport.role}`)} />
          ))}
        </Stack>
      </AccountFact>
      <AccountFact label={t('store.profile.did.label')}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{user.did}</Typography>
          <DidCopyButton did={user.did} />
        </Stack>
      </AccountFact>
    </Stack>
  );
}
