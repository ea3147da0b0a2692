import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';

export interface CheckoutLayoutProps {
  summary: ReactNode | null;
  payment: ReactNode;
  'aria-busy'?: boolean;
}

/**
 * Summary on the left and payment on the right on desktop; one column from the `md`
 * breakpoint down. Minimal modes pass no summary.
 */
export function CheckoutLayout({ summary, payment, ...rest }: CheckoutLayoutProps) {
  return (
    <Box
      aria-busy={rest['aria-busy']}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: summary ? '1fr 1fr' : '1fr' },
        maxWidth: summary ? 960 : 480,
        mx: 'auto',
        gap: { xs: 3, md: 8 },
        px: { xs: 2, md: 4 },
        py: { xs: 3, md: 6 },
      }}
    >
      {summary ? <Box component="section">{summary}</Box> : null}
      <Paper component="section" variant="outlined" sx={{ p: { xs: 2, md: 4 }, alignSelf: 'start' }}>
        {payment}
      </Paper>
    </Box>
  );
}
