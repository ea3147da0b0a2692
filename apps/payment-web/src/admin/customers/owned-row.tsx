import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';

/** A row of an owned list: its cells side by side, wrapping under each other on a phone. */
export function OwnedRow({ children }: { children: ReactNode }) {
  return (
    <Stack
      component="li"
      direction="row"
      useFlexGap
      spacing={{ xs: 1, sm: 2 }}
      sx={{
        alignItems: 'center',
        flexWrap: 'wrap',
        px: 2,
        py: 1.25,
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      {children}
    </Stack>
  );
}

/** The list the rows sit in. */
export function OwnedRows({ children }: { children: ReactNode }) {
  return (
    <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {children}
    </Stack>
  );
}
