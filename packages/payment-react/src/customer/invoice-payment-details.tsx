import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { shortAddress, type Invoice } from '@bazaar/schemas';
import { cardBrandName, transactionUrl } from '../format/format-payment-details.ts';
import { useTranslate } from '../provider/payment-context.ts';

export interface InvoicePaymentDetailsProps {
  details: NonNullable<Invoice['payment_details']>;
}

/**
 * How a paid invoice was paid: the card, or the wallet it came from and the transaction, linked
 * to the chain's explorer when it has one.
 */
export function InvoicePaymentDetails({ details }: InvoicePaymentDetailsProps) {
  const t = useTranslate();
  if (!('tx_hash' in details)) {
    const card = t('payment.subscription.card', {
      brand: cardBrandName(details.brand),
      last4: details.last4,
    });
    return <Typography color="text.secondary">{t('payment.invoice.paidWith', { method: card })}</Typography>;
  }

  const url = transactionUrl(details);
  const hash = shortAddress(details.tx_hash);
  return (
    <>
      <Typography color="text.secondary">
        {t('payment.invoice.paidFrom', { address: shortAddress(details.payer) })}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography color="text.secondary">{t('payment.invoice.transaction')}</Typography>
        {url ? (
          <Link href={url} target="_blank" rel="noopener" title={details.tx_hash}>
            {hash}
          </Link>
        ) : (
          <Typography title={details.tx_hash}>{hash}</Typography>
        )}
      </Stack>
    </>
  );
}
