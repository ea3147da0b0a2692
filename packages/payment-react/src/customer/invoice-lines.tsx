import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { refundedAmount, type Invoice } from '@bazaar/schemas';
import { formatMoney } from '@bazaar/money';
import { useTranslate } from '../provider/payment-context.ts';

/** A figure under the lines: its name and its amount in the invoice's currency (smallest unit). */
export interface InvoiceTotal {
  label: string;
  amount: string;
  isStrong: boolean;
}

export interface InvoiceLinesProps {
  invoice: Invoice;
  /** The figures under the lines; the payer's are the total, what was paid and what was refunded. */
  totals?: readonly InvoiceTotal[];
}

/** The invoice's lines, then its totals: by default the total, what was paid and what was refunded of it. */
export function InvoiceLines({ invoice, totals }: InvoiceLinesProps) {
  const t = useTranslate();
  const money = (amount: string) => formatMoney(amount, invoice.currency);
  const refunded = refundedAmount(invoice);
  const summaryRows = totals ?? [
    { label: t('payment.invoice.total'), amount: invoice.total, isStrong: true },
    { label: t('payment.invoice.amountPaid'), amount: invoice.amount_paid, isStrong: false },
    ...(refunded > 0n
      ? [{ label: t('payment.invoice.amountRefunded'), amount: refunded.toString(), isStrong: false }]
      : []),
  ];

  return (
    <Table size="small" sx={{ '& td, & th': { px: { xs: 0.5, sm: 2 } } }}>
      <TableHead>
        <TableRow>
          <TableCell>{t('payment.invoice.description')}</TableCell>
          <TableCell align="right">{t('payment.invoice.quantity')}</TableCell>
          <TableCell align="right">{t('payment.invoice.unitPrice')}</TableCell>
          <TableCell align="right">{t('payment.invoice.amount')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {invoice.lines.map((line, index) => (
          <TableRow key={`${line.price_id ?? 'line'}-${index}`}>
            <TableCell>{line.description}</TableCell>
            <TableCell align="right">{line.quantity}</TableCell>
            <TableCell align="right">{money(line.unit_amount)}</TableCell>
            <TableCell align="right">{money(line.amount)}</TableCell>
          </TableRow>
        ))}
        {summaryRows.map((row) => (
          <TableRow key={row.label}>
            <TableCell
              colSpan={3}
              align="right"
              sx={{ fontWeight: row.isStrong ? 700 : 400, borderBottom: 0 }}
            >
              {row.label}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: row.isStrong ? 700 : 400, borderBottom: 0 }}>
              {money(row.amount)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
