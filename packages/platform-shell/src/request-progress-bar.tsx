import { useEffect, useState, useSyncExternalStore } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { trackRequests } from './request-tracker.ts';
import { useShell } from './shell-context.ts';

/** Quick requests pass unseen; the bar appears once one has taken this long. */
export const PROGRESS_DELAY_MS = 500;

/** A thin bar along the top of the page while a request takes longer than half a second. */
export function RequestProgressBar() {
  const { t } = useShell();
  const [tracker] = useState(() => trackRequests(window));
  const busy = useSyncExternalStore(tracker.subscribe, () => tracker.inFlight() > 0);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) return;
    const timer = window.setTimeout(() => setVisible(true), PROGRESS_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      setVisible(false);
    };
  }, [busy]);

  if (!visible) return null;
  return (
    <LinearProgress
      aria-label={t('platform.shell.loading')}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
      }}
    />
  );
}
