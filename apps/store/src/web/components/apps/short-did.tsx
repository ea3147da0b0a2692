import { useLocale } from '@bazaar/platform-shell';
import { Stack, Typography } from '@mui/material';
import { CopyButton } from '../copy-button.tsx';

/** Characters kept at each end: enough to tell two DIDs apart at a glance. */
const HEAD_CHARS = 14;
const TAIL_CHARS = 6;

/** `shortDid('did:key:z6MkhaXg…Yx7q')` → `did:key:z6Mkha…6gYx7q`; a short one stays whole. */
export function shortDid(did: string): string {
  return did.length <= HEAD_CHARS + TAIL_CHARS + 1
    ? did
    : `${did.slice(0, HEAD_CHARS)}…${did.slice(-TAIL_CHARS)}`;
}

/** A DID shortened to fit a table cell (whole on hover), with a button copying all of it. */
export function ShortDid({ did }: { did: string }) {
  const { t } = useLocale();
  return (
    // In a narrow cell (a card on a phone) the button goes under the DID rather than past the edge.
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 0.5 }}>
      <Typography
        component="span"
        variant="body2"
        title={did}
        sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}
      >
        {shortDid(did)}
      </Typography>
      <CopyButton text={did} label={t('store.apps.did.copy')} copiedLabel={t('store.copy.copied')} />
    </Stack>
  );
}
