import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook, WEBHOOK_TOLERANCE_SECONDS } from './webhook-signature.ts';

const NOW = 1_800_000_000;
const BODY = '{"id":"evt_1","type":"invoice.paid"}';

describe('webhook signatures', () => {
  it('verifies with any of the secrets it was signed with, and with no other', () => {
    const header = signWebhook(['whsec_new', 'whsec_old'], NOW, BODY);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    for (const secret of ['whsec_new', 'whsec_old']) {
      expect(verifyWebhook({ header, body: BODY, secret, now: NOW })).toBe(true);
    }
    expect(verifyWebhook({ header, body: BODY, secret: 'whsec_other', now: NOW })).toBe(false);
  });

  it('fails on a changed body, a changed time, or a replay outside the tolerance', () => {
    const header = signWebhook(['whsec_a'], NOW, BODY);
    expect(verifyWebhook({ header, body: `${BODY} `, secret: 'whsec_a', now: NOW })).toBe(false);
    const retimed = header.replace(`t=${NOW}`, `t=${NOW + 1}`);
    expect(verifyWebhook({ header: retimed, body: BODY, secret: 'whsec_a', now: NOW })).toBe(false);
    const late = NOW + WEBHOOK_TOLERANCE_SECONDS;
    expect(verifyWebhook({ header, body: BODY, secret: 'whsec_a', now: late })).toBe(true);
    expect(verifyWebhook({ header, body: BODY, secret: 'whsec_a', now: late + 1 })).toBe(false);
  });

  it('refuses a missing or malformed header without throwing', () => {
    for (const header of [
      undefined,
      '',
      't=abc,v1=00',
      `t=${NOW}`,
      `t=${NOW},v1=zz`,
      `t=${NOW},v1=${'0'.repeat(63)}`,
    ]) {
      expect(verifyWebhook({ header, body: BODY, secret: 'whsec_a', now: NOW }), String(header)).toBe(false);
    }
  });
});
