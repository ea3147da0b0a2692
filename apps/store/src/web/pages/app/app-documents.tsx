import { useLocale } from '@bazaar/platform-shell';
import type { AppPage } from '@bazaar/schemas';
import { DetailSection } from '../../components/apps/detail-section.tsx';
import { MarkdownDocument } from './markdown-document.tsx';

/** The readme in the page's language, else the English one, else whichever the bundle has. */
function readmeUrlFor(readmeUrls: AppPage['readmeUrls'], locale: 'en' | 'zh'): string | null {
  return readmeUrls[locale] ?? readmeUrls.en ?? readmeUrls.zh;
}

/** The app's readme, in the visitor's language when the developer wrote one in it. */
export function AppReadme({ readmeUrls }: { readmeUrls: AppPage['readmeUrls'] }) {
  const { t, locale } = useLocale();
  const url = readmeUrlFor(readmeUrls, locale);
  if (url === null) return null;
  return (
    <DetailSection title={t('store.visitor.section.readme')}>
      <MarkdownDocument url={url} />
    </DetailSection>
  );
}

/** What changed from version to version, as the developer wrote it. */
export function AppChangelog({ changelogUrl }: { changelogUrl: string | null }) {
  const { t } = useLocale();
  if (changelogUrl === null) return null;
  return (
    <DetailSection title={t('store.visitor.section.changelog')}>
      <MarkdownDocument url={changelogUrl} />
    </DetailSection>
  );
}
