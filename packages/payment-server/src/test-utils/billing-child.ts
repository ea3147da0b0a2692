/**
 * A billing worker in a process of its own, for crash tests: runs `runBilling` over real-time
 * rows at a given moment and, when told to, kills itself with SIGKILL at an awkward point.
 *
 *   node billing-child.ts <sqlite file | postgres schema> <now> [crash]
 *
 * `crash` is `in-renewal:N` (die as the N-th renewal batch inserts its invoices, before its
 * transaction commits) or `after-charge:N` (die once the N-th charge has gone through at the
 * network, before its outcome is recorded). Prints `done` when the run finished.
 */
import { createManualClock } from '@bazaar/server-kit';
import { openTestTarget } from '@bazaar/server-kit/testing';
import type { KyselyPlugin } from 'kysely';
import type { PaymentDb } from '../db/tables.ts';
import { runBilling } from '../flows/run-billing.ts';
import type { CardNetwork } from '../providers/card-network.ts';
import { createTestCardNetwork } from '../providers/test-card-network.ts';
import { createStripeClients } from '../providers/stripe/client.ts';
import { createEvmChains } from '../providers/evm-chain.ts';
import { DEFAULT_PAYMENT_LIMITS } from '../limits.ts';
import { createCatalogueCache } from '../modules/catalogue/cache.ts';
import { DEFAULT_WEBHOOK_POLICY } from '../modules/webhooks/policy.ts';

const [target, nowArgument, crash] = process.argv.slice(2);
const [crashPoint, crashCount] = (crash ?? '').split(':');
const die = () => process.kill(process.pid, 'SIGKILL');

/** Counts invoice inserts and dies at the chosen one, in the middle of its transaction. */
function crashInRenewal(at: number): KyselyPlugin {
  let inserts = 0;
  return {
    transformQuery({ node }) {
      if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'invoices') {
        inserts += 1;
        if (inserts === at) die();
      }
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}

function crashAfterCharge(network: CardNetwork, at: number): CardNetwork {
  let charges = 0;
  return {
    ...network,
    async chargeSavedCard(input) {
      const outcome = await network.chargeSavedCard(input);
      charges += 1;
      if (charges === at) die();
      return outcome;
    },
  };
}

const database = await openTestTarget(target!);
let db = database.db as PaymentDb;
if (crashPoint === 'in-renewal') db = db.withPlugin(crashInRenewal(Number(crashCount)));
const network = createTestCardNetwork(db);
const deps = {
  db,
  clock: createManualClock(Number(nowArgument)),
  flushEvents: async () => {},
  cards: crashPoint === 'after-charge' ? crashAfterCharge(network, Number(crashCount)) : network,
  stripe: createStripeClients(),
  chains: createEvmChains(),
  limits: DEFAULT_PAYMENT_LIMITS,
  catalogue: createCatalogueCache(),
  webhooks: DEFAULT_WEBHOOK_POLICY,
  sellerName: 'Bazaar',
};
await runBilling(deps, { now: Number(nowArgument), testClockId: null });
await database.close();
process.stdout.write('done\n');
