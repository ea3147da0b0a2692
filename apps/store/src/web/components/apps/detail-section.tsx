import { Paper, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

/** A titled part of an app's page (versions, history, thread), its title naming it for assistive technology. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}
