import { formatAmount } from '@bazaar/money';
import type { Translate } from '@bazaar/i18n';
import type {
  AdminInvoice,
  AdminPrice,
  ManualInvoiceLine,
  PaymentCurrency,
  UpdateInvoiceBody,
} from '@bazaar/schemas';
import { readTypedAmount } from '../prices/typed-amount.ts';

/** A line bills a price of the catalogue, or a charge described and priced here. */
export type InvoiceLineKind = 'price' | 'custom';

/** A line as typed: the amount in the currency's units (`25.00`), counts as text. */
export interface InvoiceLineValues {
  kind: InvoiceLineKind;
  price_id: string;
  description: string;
  unit_amount: string;
  quantity: string;
}

/**
 * The manual invoice form as typed. Field names follow the API's body, so the server's problems
 * land on the fields that caused them.
 */
export interface InvoiceFormValues {
  customer_id: string;
  currency_id: string;
  lines: InvoiceLineValues[];
  days_until_due: string;
  description: string;
}

/** Every field the form shows, for placing the server's problems (`*` is any line). */
export const INVOICE_FORM_FIELDS = [
  'customer_id',
  'currency_id',
  'lines',
  'lines.*.price_id',
  'lines.*.description',
  'lines.*.unit_amount',
  'lines.*.quantity',
  'days_until_due',
  'description',
] as const;

/** The API's bounds (`manualInvoiceLineSchema`, `days_until_due`). */
const MAX_QUANTITY = 10_000;
const MAX_DAYS_UNTIL_DUE = 365;

export const emptyInvoiceLine = (kind: InvoiceLineKind = 'custom'): InvoiceLineValues => ({
  kind,
  price_id: '',
  description: '',
  unit_amount: '',
  quantity: '1',
});

/** A new invoice: 30 days to pay once sent, as the API's own default. */
export function defaultInvoiceValues(currencyId: string): InvoiceFormValues {
  return {
    customer_id: '',
    currency_id: currencyId,
    lines: [emptyInvoiceLine()],
    days_until_due: '30',
    description: '',
  };
}

/** A draft as the form shows it for editing: each line as it was written, amounts in the currency's units. */
export function invoiceValuesOf(invoice: AdminInvoice): InvoiceFormValues {
  return {
    customer_id: invoice.customer_id,
    currency_id: invoice.currency_id,
    lines: invoice.lines.map((line) =>
      line.price_id
        ? { ...emptyInvoiceLine('price'), price_id: line.price_id, quantity: String(line.quantity) }
        : {
            kind: 'custom',
            price_id: '',
            description: line.description,
            unit_amount: formatAmount(line.unit_amount, invoice.currency.decimal),
            quantity: String(line.quantity),
          },
    ),
    days_until_due: String(invoice.days_until_due ?? 0),
    description: invoice.description,
  };
}

/**
 * Whether a manual invoice may bill the price (besides its being on sale in the invoice's
 * currency): at an amount of its own, since nothing here lets the payer choose an amount or
 * measures usage.
 */
export function isInvoiceable(price: AdminPrice): boolean {
  return price.custom_unit_amount === null && price.recurring?.usage_type !== 'metered';
}

export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * The draft's terms and lines as the API takes them, or the problems that stop them: typed
 * amounts become the smallest unit exactly, in the decimals of the invoice's currency.
 */
export function invoiceBodyOf(
  values: InvoiceFormValues,
  { currency, t }: { currency: PaymentCurrency | undefined; t: Translate },
): { body: Required<UpdateInvoiceBody>; issues: [] } | { body: null; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const required = t('payment.admin.price.error.required');
  const count = (path: string, text: string, { min, max }: { min: number; max: number }): number => {
    const value = Number(text);
    if (text.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
      issues.push({ path, message: t('payment.admin.invoices.error.between', { min, max }) });
    }
    return value;
  };

  const lines = values.lines.map((line, index): ManualInvoiceLine => {
    const path = `lines.${index}`;
    const quantity = count(`${path}.quantity`, line.quantity, { min: 1, max: MAX_QUANTITY });
    if (line.kind === 'price') {
      if (!line.price_id) issues.push({ path: `${path}.price_id`, message: required });
      return { price_id: line.price_id, quantity };
    }
    const description = line.description.trim();
    if (!description) issues.push({ path: `${path}.description`, message: required });
    let unitAmount = '';
    if (line.unit_amount.trim() === '') issues.push({ path: `${path}.unit_amount`, message: required });
    else if (currency) {
      const read = readTypedAmount(line.unit_amount, currency.decimal, t);
      if ('message' in read) issues.push({ path: `${path}.unit_amount`, message: read.message });
      else unitAmount = read.units.toString();
    }
    return { description, quantity, unit_amount: unitAmount };
  });
  if (!values.customer_id) issues.push({ path: 'customer_id', message: required });
  if (!currency) issues.push({ path: 'currency_id', message: required });

  const body = {
    description: values.description.trim(),
    lines,
    days_until_due: count('days_until_due', values.days_until_due, { min: 0, max: MAX_DAYS_UNTIL_DUE }),
  };
  return issues.length > 0 ? { body: null, issues } : { body, issues: [] };
}
