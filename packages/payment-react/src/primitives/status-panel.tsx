import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface StatusPanelProps {
  icon: ReactNode;
  title: string;
  description?: string;
  children?: ReactNode;
}

/** A centred card for a page state that replaces the form: error, expired, empty, success. */
export function StatusPanel({ icon, title, description, children }: StatusPanelProps) {
  return (
    <Paper variant="outlined" sx={{ maxWidth: 480, mx: 'auto', my: { xs: 4, md: 10 }, p: { xs: 3, md: 5 } }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Box sx={{ fontSize: 56, lineHeight: 0, '& svg': { fontSize: 'inherit' } }}>{icon}</Box>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
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
