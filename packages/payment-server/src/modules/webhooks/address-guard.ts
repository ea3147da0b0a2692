import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { AppError } from '@bazaar/server-kit';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be sent: every address the host resolves to must be a public unicast one
 * (no loopback, private, link-local, carrier-grade NAT, multicast or reserved range), unless
 * `allowPrivate` (tests, local development). Checked when an endpoint is saved and again before
 * each attempt, and the attempt connects to the address checked here, so a name that later
 * resolves elsewhere (DNS rebinding) cannot steer it inside the network.
 */
export async function resolveWebhookAddress(url: URL, allowPrivate: boolean): Promise<LookupAddress> {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: LookupAddress[];
  try {
    addresses = await lookup(hostname, { all: true, verbatim: true });
  } catch {
    throw new AppError('WEBHOOK_URL_UNRESOLVABLE', `The webhook URL's host ${hostname} does not resolve`);
  }
  if (!allowPrivate) {
    const refused = addresses.find(({ address }) => ipaddr.process(address).range() !== 'unicast');
    if (refused) {
      throw new AppError(
        'WEBHOOK_URL_PRIVATE',
        `The webhook URL's host ${hostname} resolves to ${refused.address}, an address inside a private network`,
      );
    }
  }
  return addresses[0]!;
}
