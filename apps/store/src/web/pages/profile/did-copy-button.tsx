import { useLocale } from '@bazaar/platform-shell';
import { CopyButton } from '../../components/copy-button.tsx';

/** Copies the DID to the clipboard and says so for a moment. */
export function DidCopyButton({ did }: { did: string }) {
  const { t } = useLocale();
  return (
    <CopyButton text={did} label={t('store.profile.did.copy')} copiedLabel={t('store.profile.did.copied')} />
  );
}
