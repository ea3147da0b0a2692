import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A dashboard page's title, with its main actions on the right (wrapping below it when they do not fit). */
export function AdminPageHeading({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1.5, mb: 3 }}
    >
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
        {title}
      </Typography>
      {actions ? (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, '& > *': { m: '0 !important' } }}>
          {actions}
        </Stack>
      ) : null}
    </Stack>
  );
}
