import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { ID_PREFIXES } from '@bazaar/schemas';

/** The dashboard sections with a page for each of their objects, by the prefix of the objects' ids. */
const SECTION_OF_PREFIX: Record<string, string> = {
  [ID_PREFIXES.customer]: 'customers',
  [ID_PREFIXES.subscription]: 'subscriptions',
  [ID_PREFIXES.invoice]: 'invoices',
  [ID_PREFIXES.paymentIntent]: 'payments',
  [ID_PREFIXES.product]: 'products',
};

/** The object an event is about, opening its page when the dashboard has one for its kind. */
export function EventObjectLink({ id }: { id: string }) {
  const section = SECTION_OF_PREFIX[id.slice(0, id.indexOf('_'))];
  if (!section) return id;
  return (
    <Link component={RouterLink} to={`/admin/${section}/${encodeURIComponent(id)}`}>
      {id}
    </Link>
  );
}
