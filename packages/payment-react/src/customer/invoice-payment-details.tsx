import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { shortAddress, type Invoice } from '@bazaar/schemas';
import { cardBrandName } from '@bazaar/i18n';
import { transactionUrl } from '../format/format-payment-details.ts';
import { useTranslate } from '../provider/payment-context.ts';
import { TransactionHash } from './transaction-hash.tsx';

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

  return (
    <>
      <Typography color="text.secondary">
        {t('payment.invoice.paidFrom', { address: shortAddress(details.payer) })}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography color="text.secondary">{t('payment.invoice.transaction')}</Typography>
        <TransactionHash hash={details.tx_hash} url={transactionUrl(details)} />
      </Stack>
    </>
  );
}
