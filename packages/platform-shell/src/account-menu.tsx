import { useState } from 'react';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MessageKey } from '@bazaar/i18n';
import type { SessionUser } from '@bazaar/schemas';
import type { ShellAddresses } from './addresses.ts';
import { LanguageMenuItems } from './language-menu-items.tsx';
import { followLink, type Navigate } from './navigation.ts';
import { useShell } from './shell-context.ts';

/** The Store's console is for the platform's owners and admins. */
const isStoreAdmin = (user: SessionUser) =>
  user.passports.some((passport) => passport.role === 'owner' || passport.role === 'admin');

function accountLinks(user: SessionUser, addresses: ShellAddresses) {
  const links: Array<{ label: MessageKey; href: string | null }> = [
    { label: 'platform.shell.account.profile', href: addresses.profile },
    { label: 'platform.shell.account.billing', href: addresses.billing },
    { label: 'platform.shell.account.developer', href: addresses.developer },
    { label: 'platform.shell.account.console', href: isStoreAdmin(user) ? addresses.console : null },
  ];
  return links.filter((link): link is { label: MessageKey; href: string } => link.href !== null);
}

/** The signed-in person's avatar; its menu holds their pages, the language and logging out. */
export function AccountMenu({ user, navigate }: { user: SessionUser; navigate?: Navigate }) {
  const { t, addresses, logout } = useShell();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={t('platform.shell.account.label', { name: user.fullName })}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        size="small"
      >
        <Avatar src={user.avatar} alt="" sx={{ width: 32, height: 32 }} />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240 } } }}
      >
        <Stack direction="row" spacing={1.5} sx={{ px: 2, py: 1.5, alignItems: 'center' }}>
          <Avatar src={user.avatar} alt="" sx={{ width: 40, height: 40 }} />
          <Stack sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" noWrap>
              {user.fullName}
            </Typography>
            {user.email ? (
              <Typography variant="caption" color="text.secondary" noWrap>
                {user.email}
              </Typography>
            ) : null}
          </Stack>
        </Stack>
        <Divider />
        {accountLinks(user, addresses).map((link) => (
          <MenuItem
            key={link.label}
            component="a"
            href={link.href}
            onClick={(event) => {
              followLink(event, link.href, navigate);
              close();
            }}
          >
            {t(link.label)}
          </MenuItem>
        ))}
        <Divider />
        <ListSubheader sx={{ lineHeight: '32px' }}>{t('platform.shell.account.language')}</ListSubheader>
        <LanguageMenuItems onChosen={close} />
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutRoundedIcon fontSize="small" />
          </ListItemIcon>
          {t('platform.shell.account.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
