import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One fact of a `FactList`: its label, and its value beside it. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0, wordBreak: 'break-word' }}>
        {children}
      </Box>
    </Box>
  );
}

/** Facts about an app as a description list: labels on the left, values beside them. */
export function FactList({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'minmax(110px, auto) 1fr',
        gap: 1.5,
        alignItems: 'center',
      }}
    >
      {children}
    </Box>
  );
}
