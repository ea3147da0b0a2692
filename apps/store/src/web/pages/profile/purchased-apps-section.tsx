import { useLocale } from '@bazaar/platform-shell';
import type { OwnLicence } from '@bazaar/schemas';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, Chip, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../components/format-date.ts';
import { LoadFailed, Loading } from '../../components/query-state.tsx';
import { useOwnLicences } from './use-own-licences.ts';

/** The apps the signed-in user bought: each with its licence's state and, while it holds, a download. */
export function PurchasedAppsSection() {
  const { t } = useLocale();
  const licences = useOwnLicences();
  return (
    <Stack spacing={1} component="section" aria-labelledby="purchased-apps-heading">
      <Typography id="purchased-apps-heading" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
        {t('store.purchases.apps.heading')}
      </Typography>
      {licences.isPending ? (
        <Loading />
      ) : licences.isError ? (
        <LoadFailed error={licences.error} onRetry={() => void licences.refetch()} />
      ) : licences.data.list.length === 0 ? (
        <Typography color="text.secondary">{t('store.purchases.apps.empty')}</Typography>
      ) : (
        <List disablePadding>
          {licences.data.list.map((licence) => (
            <PurchasedApp key={licence.id} licence={licence} />
          ))}
        </List>
      )}
    </Stack>
  );
}

function PurchasedApp({ licence }: { licence: OwnLicence }) {
  const { t } = useLocale();
  const active = licence.status === 'active';
  return (
    <ListItem
      disableGutters
      divider
      sx={{ flexWrap: 'wrap', gap: 1 }}
      secondaryAction={
        active ? (
          <Button
            size="small"
            startIcon={<DownloadIcon />}
            href={`/api/apps/${licence.appDid}/bundle`}
            aria-label={t('store.purchases.apps.download', { title: licence.app.title })}
          >
            {t('store.purchases.apps.downloadShort')}
          </Button>
        ) : null
      }
    >
      <ListItemText
        sx={{ pr: active ? 14 : 0 }}
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Link component={RouterLink} to={`/apps/${licence.appDid}`} sx={{ fontWeight: 600 }}>
              {licence.app.title}
            </Link>
            <Chip
              size="small"
              color={active ? 'success' : 'default'}
              label={t(active ? 'store.purchases.licence.active' : 'store.purchases.licence.revoked')}
            />
          </Stack>
        }
        secondary={t('store.purchases.apps.boughtOn', { date: formatDate(licence.issuedAt) })}
      />
    </ListItem>
  );
}
