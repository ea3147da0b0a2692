import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A dashboard page's title, with its main actions on the right (wrapping below it when they do not fit). */
export function AdminPageHeading({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={1.5}
      sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 3 }}
    >
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
        {title}
      </Typography>
      {actions ? (
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
          {actions}
        </Stack>
      ) : null}
    </Stack>
  );
}
