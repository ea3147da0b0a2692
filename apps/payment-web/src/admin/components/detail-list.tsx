import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * An object's fields as labels and values (text, or a link to what it names), side by side
 * (stacked on a phone); empty ones are left out.
 */
export function DetailList({ rows }: { rows: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
        gap: { xs: 0.25, sm: 1.5 },
        m: 0,
      }}
    >
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, wordBreak: 'break-word', whiteSpace: 'pre-line' }}
            >
              {value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}
