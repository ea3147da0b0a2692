import type { CatalogueApp } from '@bazaar/schemas';
import { Box } from '@mui/material';
import { AppCard } from './app-card.tsx';

interface AppCardGridProps {
  apps: CatalogueApp[];
  /** Names the list for assistive technology. */
  label: string;
  isBusy?: boolean;
  /**
   * On a phone, a row that scrolls sideways (the home page's sections, so each stays a screen's
   * height) rather than a column of every card.
   */
  isStripOnPhone?: boolean;
}

/** Apps as cards: one column on phones (or a sideways strip), two on tablets, four on wide screens. */
export function AppCardGrid({ apps, label, isBusy, isStripOnPhone = false }: AppCardGridProps) {
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={isBusy}
      sx={{
        m: 0,
        p: 0,
        listStyle: 'none',
        display: { xs: isStripOnPhone ? 'flex' : 'grid', sm: 'grid' },
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        opacity: isBusy ? 0.6 : 1,
        ...(isStripOnPhone
          ? { overflowX: { xs: 'auto', sm: 'visible' }, scrollSnapType: 'x mandatory', pb: { xs: 1, sm: 0 } }
          : {}),
      }}
    >
      {apps.map((app) => (
        <Box
          component="li"
          key={app.did}
          sx={
            isStripOnPhone ? { flex: { xs: '0 0 80%', sm: 'initial' }, scrollSnapAlign: 'start' } : undefined
          }
        >
          <AppCard app={app} />
        </Box>
      ))}
    </Box>
  );
}
