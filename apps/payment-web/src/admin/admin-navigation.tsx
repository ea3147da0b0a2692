import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { NavLink } from 'react-router';
import { useTranslate } from '@bazaar/payment-react';
import { ADMIN_SECTIONS } from './admin-sections.ts';

/** The sections of the dashboard; the current one is marked for the eye and for screen readers. */
export function AdminNavigation({ onNavigate }: { onNavigate?: () => void }) {
  const t = useTranslate();
  return (
    <List component="nav" aria-label={t('payment.admin.nav.label')} sx={{ px: 1 }}>
      {ADMIN_SECTIONS.map(({ path, label, icon: Icon }) => (
        <ListItemButton
          key={path}
          component={NavLink}
          to={`/admin/${path}`}
          onClick={onNavigate}
          sx={{
            borderRadius: 1,
            mb: 0.5,
            '&.active': { bgcolor: 'action.selected', color: 'primary.main', fontWeight: 600 },
            '&.active .MuiListItemIcon-root': { color: 'primary.main' },
          }}
        >
          <ListItemIcon sx={{ minWidth: 36 }}>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t(label)} />
        </ListItemButton>
      ))}
    </List>
  );
}
