import { PlatformHeader, usePageViews } from '@bazaar/platform-shell';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useEffect, type ReactNode } from 'react';

interface PageFrameProps {
  title: string;
  subtitle: string;
  children: ReactNode;
}

/** The user service's pages: the platform's header, then one centred card under a heading. */
export function PageFrame({ title, subtitle, children }: PageFrameProps) {
  usePageViews(window.location.pathname);
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <PlatformHeader hideSignIn />
      <Box component="main" sx={{ display: 'grid', placeItems: 'center', px: 2, py: { xs: 4, md: 8 } }}>
        <Card variant="outlined" sx={{ width: '100%', maxWidth: 400 }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Stack spacing={3}>
              <Stack spacing={0.5}>
                <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
                  {title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {subtitle}
                </Typography>
              </Stack>
              {children}
            </Stack>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
