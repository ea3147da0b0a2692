import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface OwnedSectionProps {
  /** The heading's element id, which names the section for screen readers. */
  id: string;
  title: string;
  /** How many there are in all; the section lists the first page of them. */
  count: number;
  emptyText: string;
  children: ReactNode;
}

/** One kind of thing a customer owns: its heading with how many there are, its rows or what an empty one says. */
export function OwnedSection({ id, title, count, emptyText, children }: OwnedSectionProps) {
  return (
    <Stack component="section" spacing={1} aria-labelledby={id}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Chip size="small" variant="outlined" label={count} />
      </Stack>
      <Paper variant="outlined">
        {count === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {emptyText}
          </Typography>
        ) : (
          children
        )}
      </Paper>
    </Stack>
  );
}
