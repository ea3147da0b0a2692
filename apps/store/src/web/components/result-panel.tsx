import { Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface ResultPanelProps {
  /** The big line: a status code ("403") or what happened ("You're now a developer"). */
  title: string;
  description?: string;
  /** What to do next: links or buttons. */
  children?: ReactNode;
}

/** A centred card for a page's outcome instead of its content: refused, done, not open yet. */
export function ResultPanel({ title, description, children }: ResultPanelProps) {
  return (
    <Paper variant="outlined" sx={{ maxWidth: 560, mx: 'auto', my: { xs: 2, md: 6 }, p: { xs: 3, md: 5 } }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {description ? (
          <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
            {description}
          </Typography>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}
