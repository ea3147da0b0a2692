import { Box, Tab, Tabs } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';

export interface SectionTab {
  to: string;
  label: string;
}

/** The pages of one area (the console, the developer's pages) as tabs; they scroll on a phone. */
export function SectionTabs({ label, tabs }: { label: string; tabs: SectionTab[] }) {
  const { pathname } = useLocation();
  const current = tabs.find((tab) => pathname === tab.to || pathname.startsWith(`${tab.to}/`));
  return (
    <Box component="nav" aria-label={label} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Tabs
        value={current?.to ?? false}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={label}
      >
        {tabs.map((tab) => (
          <Tab key={tab.to} value={tab.to} label={tab.label} component={RouterLink} to={tab.to} />
        ))}
      </Tabs>
    </Box>
  );
}
