import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * A dashboard page's title, with the status of what it shows (a chip) beside it and its main
 * actions on the right (wrapping below it when they do not fit).
 */
export function AdminPageHeading({
  title,
  status,
  actions,
}: {
  title: ReactNode;
  status?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={1.5}
      sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 3 }}
    >
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
        {status ? (
          <Stack
            component="span"
            direction="row"
            spacing={1.5}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            <span>{title}</span>
            {status}
          </Stack>
        ) : (
          title
        )}
      </Typography>
      {actions ? (
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
          {actions}
        </Stack>
      ) : null}
    </Stack>
  );
}
