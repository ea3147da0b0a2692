import { useLocale } from '@bazaar/platform-shell';
import type { AppVersionHistoryEntry } from '@bazaar/schemas';
import { List, ListItem, Stack, Typography } from '@mui/material';
import { formatDateTime } from '../format-date.ts';
import { shortDid } from './short-did.tsx';
import { VersionStatusChip } from './version-status-chip.tsx';

function HistoryActor({ entry }: { entry: AppVersionHistoryEntry }) {
  const { t } = useLocale();
  return (
    <Typography variant="body2" color="text.secondary">
      {t(`store.apps.actor.${entry.actorKind}`)}
      {entry.actorDid ? (
        <Typography
          component="span"
          variant="body2"
          title={entry.actorDid}
          sx={{ fontFamily: 'monospace', ml: 1 }}
        >
          {shortDid(entry.actorDid)}
        </Typography>
      ) : null}
    </Typography>
  );
}

/** One change: the version, from → to (an upload comes from nothing), who, why and when. */
function HistoryEntry({ entry }: { entry: AppVersionHistoryEntry }) {
  const { t } = useLocale();
  return (
    <ListItem disableGutters divider sx={{ display: 'block' }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{entry.version}</Typography>
        {entry.fromStatus ? (
          <VersionStatusChip status={entry.fromStatus} />
        ) : (
          <Typography variant="body2">{t('store.apps.history.uploaded')}</Typography>
        )}
        <Typography component="span" aria-hidden>
          →
        </Typography>
        <VersionStatusChip status={entry.toStatus} />
        <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
          {formatDateTime(entry.createdAt)}
        </Typography>
      </Stack>
      <HistoryActor entry={entry} />
      {entry.reason ? (
        <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
          {t('store.apps.history.reason', { reason: entry.reason })}
        </Typography>
      ) : null}
    </ListItem>
  );
}

/** Every status change of the app's versions, oldest first: the record no one edits. */
export function VersionHistoryList({ history }: { history: AppVersionHistoryEntry[] }) {
  const { t } = useLocale();
  if (history.length === 0) {
    return <Typography color="text.secondary">{t('store.apps.history.empty')}</Typography>;
  }
  return (
    <List disablePadding aria-label={t('store.apps.detail.history')}>
      {history.map((entry) => (
        <HistoryEntry key={entry.id} entry={entry} />
      ))}
    </List>
  );
}
