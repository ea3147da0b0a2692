import type { MessageKey } from '@bazaar/i18n';
import { useLocale } from '@bazaar/platform-shell';
import type { AppPage, AppPageReference } from '@bazaar/schemas';
import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { appPagePath } from '../../components/apps/app-page-path.ts';
import { DetailSection } from '../../components/apps/detail-section.tsx';
import { Fact, FactList } from '../../components/apps/fact-list.tsx';
import { shortDid } from '../../components/apps/short-did.tsx';
import { formatSize } from '../../components/apps/version-table.tsx';

/** The kinds of other apps a manifest names, each a fact of its own when it names any. */
const REFERENCE_KINDS: Array<{
  field: 'components' | 'dependencies' | 'extensions' | 'resources';
  label: MessageKey;
}> = [
  { field: 'components', label: 'store.visitor.facts.components' },
  { field: 'dependencies', label: 'store.visitor.facts.dependencies' },
  { field: 'extensions', label: 'store.visitor.facts.extensions' },
  { field: 'resources', label: 'store.visitor.facts.resources' },
];

/** Another app by name (or DID) and the versions meant; its page when the manifest gives its DID. */
function ReferenceItem({ reference }: { reference: AppPageReference }) {
  const label = reference.name ?? (reference.did ? shortDid(reference.did) : '');
  return (
    <Box component="li">
      {reference.did ? (
        <Link component={RouterLink} to={appPagePath(reference.did)} title={reference.did}>
          {label}
        </Link>
      ) : (
        label
      )}
      <Typography
        component="span"
        variant="body2"
        color="text.secondary"
        sx={{ ml: 1, fontFamily: 'monospace' }}
      >
        {reference.version}
      </Typography>
    </Box>
  );
}

function ReferenceList({ references }: { references: AppPageReference[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {references.map((reference, index) => (
        <ReferenceItem key={`${reference.did ?? reference.name}-${index}`} reference={reference} />
      ))}
    </Box>
  );
}

/** What the version is made of and how to check it: licence, size, files, integrity, what it names. */
export function AppFacts({ app }: { app: AppPage }) {
  const { t } = useLocale();
  return (
    <DetailSection title={t('store.visitor.section.facts')}>
      <FactList>
        <Fact label={t('store.visitor.facts.license')}>{app.license ?? '—'}</Fact>
        <Fact label={t('store.visitor.facts.size')}>{formatSize(app.size)}</Fact>
        <Fact label={t('store.visitor.facts.files')}>{app.fileCount}</Fact>
        <Fact label={t('store.apps.column.visibility')}>{t(`store.apps.visibility.${app.visibility}`)}</Fact>
        <Fact label={t('store.visitor.facts.integrity')}>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {app.integrity}
          </Typography>
        </Fact>
        {app.keywords.length > 0 ? (
          <Fact label={t('store.visitor.facts.keywords')}>{app.keywords.join(', ')}</Fact>
        ) : null}
        {REFERENCE_KINDS.map(({ field, label }) =>
          app[field].length > 0 ? (
            <Fact key={field} label={t(label)}>
              <ReferenceList references={app[field]} />
            </Fact>
          ) : null,
        )}
      </FactList>
    </DetailSection>
  );
}
