import type { MessageKey } from '@bazaar/i18n';
import { useLocale } from '@bazaar/platform-shell';
import type { DeveloperHistoryEntry, StoreDeveloper } from '@bazaar/schemas';
import { Box, Button, Drawer, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { formatDateTime } from '../../../components/format-date.ts';
import { LoadFailed, Loading } from '../../../components/query-state.tsx';
import { useDeveloperHistory } from './use-developers.ts';

function entryActionKey(entry: DeveloperHistoryEntry): MessageKey {
  if (entry.action !== 'registered') return `store.console.developers.history.${entry.action}`;
  return entry.via === 'staking'
    ? 'store.console.developers.history.registeredByStaking'
    : 'store.console.developers.history.registeredByInvitation';
}

function HistoryEntry({ entry }: { entry: DeveloperHistoryEntry }) {
  const { t } = useLocale();
  return (
    <ListItem disableGutters divider sx={{ alignItems: 'flex-start' }}>
      <ListItemText
        primary={t(entryActionKey(entry))}
        secondary={
          <Stack component="span" spacing={0.25}>
            <Typography component="span" variant="body2">
              {formatDateTime(entry.createdAt)}
            </Typography>
            {entry.reason ? (
              <Typography component="span" variant="body2" color="text.primary">
                {t('store.console.developers.history.reason', { reason: entry.reason })}
              </Typography>
            ) : null}
            <Typography
              component="span"
              variant="caption"
              sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
            >
              {t('store.console.developers.history.by', { did: entry.actorDid })}
            </Typography>
          </Stack>
        }
      />
    </ListItem>
  );
}

/** A developer's status changes, oldest first, beside the list (over it on phones). */
export function DeveloperHistoryDrawer({
  developer,
  onClose,
}: {
  developer: StoreDeveloper;
  onClose(): void;
}) {
  const { t } = useLocale();
  const titleId = useId();
  const history = useDeveloperHistory(developer.did);
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{
        paper: { sx: { width: { xs: '100%', sm: 420 } }, role: 'dialog', 'aria-labelledby': titleId },
      }}
    >
      <Stack spacing={2} sx={{ p: 3 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 600 }}>
            {t('store.console.developers.history.title', { name: developer.username })}
          </Typography>
          <Button onClick={onClose}>{t('store.close')}</Button>
        </Stack>
        {history.data ? (
          <List disablePadding>
            {history.data.list.map((entry) => (
              <HistoryEntry key={entry.id} entry={entry} />
            ))}
          </List>
        ) : history.error ? (
          <LoadFailed error={history.error} onRetry={() => void history.refetch()} />
        ) : (
          <Box>
            <Loading />
          </Box>
        )}
      </Stack>
    </Drawer>
  );
}
