import type { CatalogueApp } from '@bazaar/schemas';
import { Box } from '@mui/material';
import { AppCard } from './app-card.tsx';

interface AppCardGridProps {
  apps: CatalogueApp[];
  /** Names the list for assistive technology. */
  label: string;
  isBusy?: boolean;
}

/** Apps as cards: one column on phones, two on tablets, four on wide screens. */
export function AppCardGrid({ apps, label, isBusy }: AppCardGridProps) {
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={isBusy}
      sx={{
        m: 0,
        p: 0,
        listStyle: 'none',
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        opacity: isBusy ? 0.6 : 1,
      }}
    >
      {apps.map((app) => (
        <Box component="li" key={app.did}>
          <AppCard app={app} />
        </Box>
      ))}
    </Box>
  );
}
