import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { shortAddress } from '@bazaar/schemas';

/** A chain transaction's hash, shortened: a link to its explorer page when the chain has one. */
export function TransactionHash({ hash, url }: { hash: string; url: string | null }) {
  return url ? (
    <Link href={url} target="_blank" rel="noopener" title={hash}>
      {shortAddress(hash)}
    </Link>
  ) : (
    <Typography title={hash}>{shortAddress(hash)}</Typography>
  );
}
