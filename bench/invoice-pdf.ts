/**
 * Invoice PDFs: a one-page invoice rendered by `GET /api/invoices/{id}/pdf`, in English and in
 * Chinese (Noto Sans SC embedded as a subset), one request after another through the platform's
 * HTTP stack, next to `GET /api/invoices/{id}` (the same invoice as JSON) measured the same way
 * in the same run. Printed: renders per second, p50 and p99, and the file's size. Target: ≥ 100
 * renders per second.
 *
 *   npm run bench:invoice-pdf        (or: npx node bench/invoice-pdf.ts [requests=500])
 */
import { createTestPlatform, payTestCheckout, startTestCheckout } from '@bazaar/platform/testing';
import { describeRun, percentile } from './request-timing.ts';

const REQUESTS = Number(process.argv[2] ?? 500);
const API = '/payment-kit/api';
const WARM_UP = 20;

const platform = await createTestPlatform('sqlite');
try {
  const { cookie } = await platform.signIn('payer@example.com');
  const session = await startTestCheckout(platform.app, 'plink_demo_onetime', cookie);
  const intentId = await payTestCheckout(platform.app, session, { cookie, email: 'payer@example.com' });
  const listed = await platform.app.inject({ url: `${API}/invoices?livemode=false`, headers: { cookie } });
  const invoice = (listed.json() as { list: Array<{ id: string; payment_intent_id: string }> }).list.find(
    (each) => each.payment_intent_id === intentId,
  );
  if (!invoice) throw new Error('the paid invoice is missing');

  const measure = async (name: string, url: string) => {
    for (let index = 0; index < WARM_UP; index += 1) await platform.app.inject({ url, headers: { cookie } });
    const times: number[] = [];
    let bytes = 0;
    const started = performance.now();
    for (let index = 0; index < REQUESTS; index += 1) {
      const before = performance.now();
      const response = await platform.app.inject({ url, headers: { cookie } });
      times.push(performance.now() - before);
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
      bytes = response.rawPayload.length;
    }
    const seconds = (performance.now() - started) / 1000;
    return {
      request: name,
      'per second': Math.round(REQUESTS / seconds),
      'p50 ms': Number(percentile(times, 50).toFixed(2)),
      'p99 ms': Number(percentile(times, 99).toFixed(2)),
      'size kB': Number((bytes / 1024).toFixed(1)),
    };
  };

  const path = `${API}/invoices/${invoice.id}`;
  const results = [
    await measure('baseline: GET /invoices/{id} (JSON)', `${path}?livemode=false`),
    await measure('GET /invoices/{id}/pdf, English', `${path}/pdf?locale=en`),
    await measure('GET /invoices/{id}/pdf, Chinese', `${path}/pdf?locale=zh`),
  ];
  console.log(describeRun(REQUESTS));
  console.table(results);
} finally {
  await platform.close();
}
