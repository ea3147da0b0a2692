import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface PageHeadingProps {
  title: string;
  subtitle?: string;
  /** The page's main button ("New token"), beside the title; under it on phones. */
  action?: ReactNode;
}

/** A page's title, what it is for, and its main action. */
export function PageHeading({ title, subtitle, action }: PageHeadingProps) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
    >
      <Stack spacing={0.5}>
        <Typography sx={{ fontWeight: 700 }} variant="h4" component="h1">
          {title}
        </Typography>
        {subtitle ? <Typography color="text.secondary">{subtitle}</Typography> : null}
      </Stack>
      {action}
    </Stack>
  );
}
