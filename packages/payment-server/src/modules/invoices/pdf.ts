import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { cardBrandName, createTranslator, type Translate } from '@bazaar/i18n';
import { formatMoney } from '@bazaar/money';
import { isMerchantInvoice, refundedAmount, type Customer, type Invoice, type Locale } from '@bazaar/schemas';

const require = createRequire(import.meta.url);

/**
 * Noto Sans SC writes Latin and Chinese alike, so a name in either script prints. pdfkit embeds
 * only the glyphs a document uses, so an invoice carries a few kilobytes of the font, not its
 * ten megabytes. The fonts are read and parsed once per process: parsing them for each document
 * took most of a render's time.
 */
let fonts: { regular: Font; bold: Font } | null = null;
function invoiceFonts() {
  const load = (file: string) =>
    create(readFileSync(require.resolve(`@expo-google-fonts/noto-sans-sc/${file}`)));
  fonts ??= {
    regular: load('400Regular/NotoSansSC_400Regular.ttf'),
    bold: load('700Bold/NotoSansSC_700Bold.ttf'),
  };
  return fonts;
}

export interface InvoicePdfInput {
  invoice: Invoice;
  customer: Customer;
  /** Who issues the invoice: the platform's name. */
  sellerName: string;
  locale: Locale;
}

const PAGE = { margin: 50, width: 595.28 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const COLUMNS = { description: 250, quantity: 45, unitPrice: 100 } as const;
const GREY = '#5f6673';

/** `2027-01-15`, in UTC, as the pages write dates. */
const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** A service period, `2027-01-15 – 2027-02-15`; null without one. */
const period = (start: number | null, end: number | null) =>
  start === null || end === null ? null : `${day(start)} – ${day(end)}`;

function addressLines(customer: Customer): string[] {
  const { line1, line2, city, state, postal_code: postalCode, country } = customer.address;
  return [line1, line2, [postalCode, city, state].filter(Boolean).join(' '), country.toUpperCase()].filter(
    Boolean,
  );
}

function paidWith(invoice: Invoice, t: Translate): string | null {
  const details = invoice.payment_details;
  if (!details) return null;
  if ('last4' in details)
    return `${invoice.payment_method.name} · ${t('payment.pdf.card', { brand: cardBrandName(details.brand), last4: details.last4 })}`;
  return `${invoice.payment_method.name} · ${t('payment.invoice.transaction')} ${details.tx_hash}`;
}

/**
 * An invoice as a one-or-more-page A4 PDF in the payer's language: seller and buyer, number,
 * dates, the merchant's memo, lines with their periods, totals with credit applied, what was paid and refunded, and
 * the currency. Answers the file's bytes.
 */
export function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { invoice, customer, sellerName, locale } = input;
  const t = createTranslator(locale);
  const money = (amount: string) => formatMoney(amount, invoice.currency);
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: `${t('payment.pdf.heading')} ${invoice.number}`, Author: sellerName },
    lang: locale === 'zh' ? 'zh-CN' : 'en',
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { regular, bold } = invoiceFonts();
  // pdfkit takes an already parsed fontkit font, though its types name only the raw sources.
  doc.registerFont('regular', regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont('bold', bold as unknown as PDFKit.Mixins.PDFFontSource);

  // Heading: the seller, and the invoice's number and status.
  const top = doc.y;
  doc.font('bold').fontSize(20).text(t('payment.pdf.heading'), PAGE.margin, top);
  doc.font('bold').fontSize(12).text(sellerName, PAGE.margin, top, { width: CONTENT_WIDTH, align: 'right' });
  doc.moveDown(1.2);

  // Facts and totals without a value (no due date, no credit applied) are left out.
  const facts: Array<[string, string | null]> = [
    [t('payment.pdf.number'), invoice.number],
    [t('payment.pdf.status'), t(`payment.invoice.status.${invoice.status}`)],
    [t('payment.pdf.issued'), day(invoice.created_at)],
    [t('payment.pdf.due'), invoice.due_date === null ? null : day(invoice.due_date)],
    [t('payment.pdf.paid'), invoice.paid_at === null ? null : day(invoice.paid_at)],
    [t('payment.pdf.period'), period(invoice.period_start, invoice.period_end)],
  ];
  for (const [label, value] of facts) {
    if (value === null) continue;
    const y = doc.y;
    doc.font('regular').fontSize(10).fillColor(GREY).text(label, PAGE.margin, y, { width: 120 });
    doc.fillColor('black').text(value, PAGE.margin + 120, y, { width: CONTENT_WIDTH - 120 });
  }
  doc.moveDown(1);

  // The parties.
  const partiesTop = doc.y;
  const half = CONTENT_WIDTH / 2;
  doc.font('bold').fontSize(10).text(t('payment.pdf.from'), PAGE.margin, partiesTop, { width: half });
  doc.font('regular').text(sellerName, { width: half });
  const leftBottom = doc.y;
  doc.font('bold').text(t('payment.pdf.billedTo'), PAGE.margin + half, partiesTop, { width: half });
  doc.font('regular');
  for (const line of [customer.name, customer.email, ...addressLines(customer)].filter(Boolean)) {
    doc.text(line, PAGE.margin + half, doc.y, { width: half });
  }
  doc.y = Math.max(leftBottom, doc.y);
  doc.moveDown(1.5);

  // The memo a merchant wrote on an invoice of their own; the engine's and a checkout's
  // descriptions only repeat their lines.
  if (isMerchantInvoice(invoice) && invoice.description) {
    doc.font('regular').fontSize(10).fillColor('black').text(invoice.description, PAGE.margin, doc.y, {
      width: CONTENT_WIDTH,
    });
    doc.moveDown(1.5);
  }

  // The lines.
  const amountX = PAGE.margin + COLUMNS.description + COLUMNS.quantity + COLUMNS.unitPrice;
  const amountWidth = CONTENT_WIDTH - (amountX - PAGE.margin);
  const row = (cells: [string, string, string, string], font: 'regular' | 'bold', note?: string | null) => {
    if (doc.y > doc.page.height - PAGE.margin - 60) doc.addPage();
    const y = doc.y;
    doc.font(font).fontSize(10);
    doc.text(cells[0], PAGE.margin, y, { width: COLUMNS.description - 10 });
    if (note)
      doc
        .font('regular')
        .fontSize(8)
        .fillColor(GREY)
        .text(note, { width: COLUMNS.description - 10 });
    const bottom = doc.y;
    doc.font(font).fontSize(10).fillColor('black');
    doc.text(cells[1], PAGE.margin + COLUMNS.description, y, { width: COLUMNS.quantity, align: 'right' });
    doc.text(cells[2], PAGE.margin + COLUMNS.description + COLUMNS.quantity, y, {
      width: COLUMNS.unitPrice,
      align: 'right',
    });
    doc.text(cells[3], amountX, y, { width: amountWidth, align: 'right' });
    doc.y = Math.max(bottom, doc.y) + 6;
  };
  const rule = () => {
    doc
      .moveTo(PAGE.margin, doc.y)
      .lineTo(PAGE.margin + CONTENT_WIDTH, doc.y)
      .strokeColor('#d6d9e0')
      .stroke();
    doc.y += 6;
  };
  row(
    [
      t('payment.invoice.description'),
      t('payment.invoice.quantity'),
      t('payment.invoice.unitPrice'),
      t('payment.invoice.amount'),
    ],
    'bold',
  );
  rule();
  for (const line of invoice.lines) {
    row(
      [line.description, String(line.quantity), money(line.unit_amount), money(line.amount)],
      'regular',
      period(line.period_start, line.period_end),
    );
  }
  rule();

  // The totals, right-aligned under the amounts.
  const refunded = refundedAmount(invoice);
  const totals: Array<[string, string | null, 'regular' | 'bold']> = [
    [t('payment.pdf.subtotal'), money(invoice.subtotal), 'regular'],
    [t('payment.invoice.total'), money(invoice.total), 'bold'],
    [
      t('payment.pdf.creditApplied'),
      BigInt(invoice.amount_applied) > 0n ? `-${money(invoice.amount_applied)}` : null,
      'regular',
    ],
    [t('payment.invoice.amountPaid'), money(invoice.amount_paid), 'regular'],
    [t('payment.invoice.amountRefunded'), refunded > 0n ? money(refunded.toString()) : null, 'regular'],
    [t('payment.pdf.amountRemaining'), money(invoice.amount_remaining), 'bold'],
  ];
  const labelX = PAGE.margin + COLUMNS.description;
  for (const [label, value, font] of totals) {
    if (value === null) continue;
    const y = doc.y;
    doc
      .font(font)
      .fontSize(10)
      .text(label, labelX, y, { width: amountX - labelX });
    doc.text(value, amountX, y, { width: amountWidth, align: 'right' });
    doc.y += 4;
  }
  doc.moveDown(1);

  // What was paid and given back.
  const payment = paidWith(invoice, t);
  if (payment && invoice.paid_at !== null) {
    doc
      .font('bold')
      .fontSize(11)
      .text(t('payment.pdf.payments'), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    doc
      .font('regular')
      .fontSize(10)
      .text(`${day(invoice.paid_at)}   ${money(invoice.amount_paid)}   ${payment}`, { width: CONTENT_WIDTH });
    doc.moveDown(0.8);
  }
  if (invoice.refunds.length > 0) {
    doc
      .font('bold')
      .fontSize(11)
      .text(t('payment.pdf.refunds'), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    doc.font('regular').fontSize(10);
    for (const refund of invoice.refunds) {
      doc.text(
        `${day(refund.created_at)}   ${money(refund.amount)}   ${t(`payment.refund.status.${refund.status}`)}`,
        { width: CONTENT_WIDTH },
      );
    }
    doc.moveDown(0.8);
  }

  doc.font('regular').fontSize(9).fillColor(GREY);
  doc.text(t('payment.pdf.currency', { currency: invoice.currency.symbol }), PAGE.margin, doc.y, {
    width: CONTENT_WIDTH,
  });
  if (!invoice.livemode) doc.text(t('payment.pdf.testMode'), { width: CONTENT_WIDTH });
  doc.end();
  return done;
}
