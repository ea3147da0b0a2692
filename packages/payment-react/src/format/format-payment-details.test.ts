import { describe, expect, it } from 'vitest';
import { transactionUrl } from './format-payment-details.ts';

const HASH = `0x${'ab'.repeat(32)}`;

describe('transactionUrl', () => {
  it.each([
    ['https://etherscan.io', `https://etherscan.io/tx/${HASH}`],
    ['https://basescan.org/', `https://basescan.org/tx/${HASH}`],
    ['', null],
    ['  ', null],
  ])('links %j to its explorer', (explorer, url) => {
    expect(transactionUrl({ tx_hash: HASH, explorer_host: explorer })).toBe(url);
  });
});
