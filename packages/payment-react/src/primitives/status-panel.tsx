import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface StatusPanelProps {
  icon?: ReactNode;
  /** The big line: what happened ("Payment successful"), or a status code ("403"). */
  title: string;
  description?: string;
  /** What to do next: links or buttons. */
  children?: ReactNode;
  /** `h2` where the page has its own heading above the panel. */
  headingLevel?: 'h1' | 'h2';
}

/**
 * A centred card for a page state that replaces the content: error, expired, empty, success,
 * refused. The Payment Kit's pages and the Store's share it.
 */
export function StatusPanel({ icon, title, description, children, headingLevel = 'h1' }: StatusPanelProps) {
  return (
    <Paper variant="outlined" sx={{ maxWidth: 480, mx: 'auto', my: { xs: 4, md: 10 }, p: { xs: 3, md: 5 } }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        {icon ? (
          <Box sx={{ fontSize: 56, lineHeight: 0, '& svg': { fontSize: 'inherit' } }}>{icon}</Box>
        ) : null}
        <Typography component={headingLevel} variant="h5" sx={{ fontWeight: 600 }}>
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
