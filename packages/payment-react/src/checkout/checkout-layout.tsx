import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';

export interface CheckoutLayoutProps {
  summary: ReactNode | null;
  payment: ReactNode;
  /**
   * What the summary offers once it is known (the add-on): under the summary on desktop, under
   * the payment card on phones, so its late arrival never moves the card the payer is filling in.
   */
  aside?: ReactNode | null;
  'aria-busy'?: boolean;
}

/**
 * Summary on the left and payment on the right on desktop; one column from the `md`
 * breakpoint down. Minimal modes pass no summary.
 */
export function CheckoutLayout({ summary, payment, aside = null, ...rest }: CheckoutLayoutProps) {
  return (
    <Box
      aria-busy={rest['aria-busy']}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: summary ? '1fr 1fr' : '1fr' },
        gridTemplateAreas: {
          xs: '"summary" "payment" "aside"',
          md: summary ? '"summary payment" "aside payment"' : '"payment"',
        },
        gridTemplateRows: { md: summary ? 'auto 1fr' : 'auto' },
        maxWidth: summary ? 960 : 480,
        mx: 'auto',
        columnGap: { xs: 3, md: 8 },
        rowGap: 3,
        px: { xs: 2, md: 4 },
        py: { xs: 3, md: 6 },
      }}
    >
      {summary ? (
        <Box component="section" sx={{ gridArea: 'summary' }}>
          {summary}
        </Box>
      ) : null}
      <Paper
        component="section"
        variant="outlined"
        sx={{ gridArea: 'payment', p: { xs: 2, md: 4 }, alignSelf: 'start' }}
      >
        {payment}
      </Paper>
      {summary && aside ? <Box sx={{ gridArea: 'aside', alignSelf: 'start' }}>{aside}</Box> : null}
    </Box>
  );
}
