import { useLocale } from '@bazaar/platform-shell';
import type { AppPage } from '@bazaar/schemas';
import { Chip, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useCategories } from '../../api/use-categories.ts';
import { AppLogo } from '../../components/apps/app-logo.tsx';
import { AppPriceChip } from '../../components/apps/app-price-chip.tsx';
import { formatCount } from '../../components/format-count.ts';
import { AppActions } from './app-actions.tsx';
import { useAppDownloads } from './use-app-page.ts';

/** The app's category by name in the page's language, linking to the category's apps. */
function CategoryLink({ categoryId }: { categoryId: string }) {
  const { locale } = useLocale();
  const category = useCategories().data?.list.find((each) => each.id === categoryId);
  // Until the names arrive (or if they cannot) the page goes without rather than show an id.
  if (!category) return null;
  return (
    <Link component={RouterLink} to={`/category/${encodeURIComponent(category.id)}`} variant="body2">
      {category.name[locale]}
    </Link>
  );
}

/** Downloads of every version, and those of the last 30 days once the series arrives. */
function DownloadCounts({ app }: { app: AppPage }) {
  const { t, locale } = useLocale();
  const lastDays = useAppDownloads(app.did).data?.lastDays;
  return (
    <Typography variant="body2" color="text.secondary">
      {t('store.visitor.app.downloads', { count: app.downloads, number: formatCount(app.downloads, locale) })}
      {lastDays === undefined
        ? null
        : ` · ${t('store.visitor.app.downloadsRecent', { count: formatCount(lastDays, locale) })}`}
    </Typography>
  );
}

/**
 * The top of an app's page: logo, title, version, what it costs and how it is paid, its category,
 * its developer, how often it was downloaded, and what the visitor can do (download, buy).
 */
export function AppHeader({ app }: { app: AppPage }) {
  const { t } = useLocale();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 2, sm: 3 }}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <AppLogo app={app} size={88} />
      <Stack spacing={1} sx={{ minWidth: 0, flex: 1 }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
          {app.title}
        </Typography>
        <Typography color="text.secondary">{t('store.visitor.app.by', { name: app.ownerName })}</Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Chip size="small" label={t('store.visitor.app.version', { version: app.version })} />
          <AppPriceChip price={app.price} />
          <Typography variant="body2" color="text.secondary">
            {t(app.price ? 'store.visitor.paymentType.paid' : 'store.visitor.paymentType.free')}
          </Typography>
          {app.category ? <CategoryLink categoryId={app.category} /> : null}
        </Stack>
        <DownloadCounts app={app} />
        {app.description ? (
          <Typography sx={{ pt: 1, wordBreak: 'break-word' }}>{app.description}</Typography>
        ) : null}
      </Stack>
      <AppActions app={app} />
    </Stack>
  );
}
