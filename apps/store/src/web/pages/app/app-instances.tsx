import { useLocale } from '@bazaar/platform-shell';
import { appInstanceListSchema, type AppInstance } from '@bazaar/schemas';
import { Chip, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { callStoreApi } from '../../api/store-api.ts';
import { storeKeys } from '../../api/store-query-keys.ts';
import { DetailSection } from '../../components/apps/detail-section.tsx';
import { formatDate } from '../../components/format-date.ts';

function useAppInstances(did: string) {
  return useQuery({
    queryKey: storeKeys.appInstances(did),
    queryFn: () => callStoreApi('GET', `/apps/${encodeURIComponent(did)}/instances`, appInstanceListSchema),
  });
}

/**
 * Where the app runs: the installs that reported themselves (signed with the app's key), most
 * recent first, each active or inactive. Nothing when none did, or when they cannot be read.
 */
export function AppInstances({ did }: { did: string }) {
  const { t } = useLocale();
  const instances = useAppInstances(did).data;
  if (!instances || instances.count === 0) return null;
  return (
    <DetailSection title={t('store.visitor.section.instances')}>
      <List dense disablePadding>
        {instances.list.map((instance) => (
          <AppInstanceItem key={instance.url} instance={instance} />
        ))}
      </List>
      {instances.count > instances.list.length ? (
        <Typography variant="body2" color="text.secondary">
          {t('store.visitor.instances.more', { count: instances.count - instances.list.length })}
        </Typography>
      ) : null}
    </DetailSection>
  );
}

function AppInstanceItem({ instance }: { instance: AppInstance }) {
  const { t } = useLocale();
  const active = instance.status === 'active';
  return (
    <ListItem disableGutters sx={{ gap: 1, alignItems: 'flex-start' }}>
      <ListItemText
        primary={
          <Link href={instance.url} target="_blank" rel="nofollow noopener" sx={{ wordBreak: 'break-all' }}>
            {instance.url.replace(/^https?:\/\//, '')}
          </Link>
        }
        secondary={t('store.visitor.instances.owner', {
          owner: instance.owner,
          date: formatDate(instance.lastReportedAt),
        })}
      />
      <Chip
        size="small"
        color={active ? 'success' : 'default'}
        variant={active ? 'filled' : 'outlined'}
        label={t(active ? 'store.visitor.instances.active' : 'store.visitor.instances.inactive')}
      />
    </ListItem>
  );
}
