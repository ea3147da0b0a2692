/**
 * Chain subscriptions renewing on a real local chain (Hardhat, `@bazaar/dev-chain`), on SQLite
 * (a file, WAL) and on PostgreSQL: N monthly TUSD subscriptions fall due at once, each payer
 * having approved the vault for 13 periods, and one `runBilling` renews them and pulls each
 * invoice from its payer's approval. Pulls the run leaves pending are then settled by
 * `confirmPendingChainTransactions`, timed apart. Printed: renewals per second, the time to
 * settle, the invoices paid, JSON-RPC requests (and the chain adapter's calls behind them) and
 * the engine's peak RSS.
 *
 *   npm run bench:chain-renewals       (or: npx node bench/chain-renewals.ts [subscriptions=1000] [rpc-latency-ms=0])
 *
 * A local chain answers in well under a millisecond; `rpc-latency-ms` delays each of the
 * engine's JSON-RPC requests as a remote node's round trip would, which shows the parts of a
 * renewal that wait for the chain one pull at a time.
 *
 * The chain runs in this process and the engine in a child of its own (so the chain's memory is
 * not the engine's). After each run the bench checks, against the database and the chain's own
 * Transfer logs, that every invoice was paid once by exactly one pull, and fails if not. A
 * `runBilling` that throws fails the bench too, after the pulls it left were settled and the
 * checks have said what it left undone.
 */
import { cpus } from 'node:os';
import { startDevChain, TEST_TOKEN_ABI, type DevChain } from '@bazaar/dev-chain';
import {
  confirmPendingChainTransactions,
  createCatalogueCache,
  DEFAULT_WEBHOOK_POLICY,
  createEvmChains,
  createPaymentKit,
  createStripeClients,
  createTestCardNetwork,
  DEMO_CHAIN,
  deployDemoToken,
  runBilling,
  type PaymentDeps,
  DEFAULT_PAYMENT_LIMITS,
} from '@bazaar/payment-server';
import { createManualClock, type Dialect } from '@bazaar/server-kit';
import { openTestDatabase, openTestTarget, TEST_DIALECTS } from '@bazaar/server-kit/testing';
import Fastify from 'fastify';
import {
  createPublicClient,
  createTestClient,
  encodeFunctionData,
  erc20Abi,
  http,
  isAddressEqual,
  parseEther,
  type Address,
  type PublicClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  insertDueSubscriptions,
  PERIOD_END,
  PERIOD_START,
  spawnEngine,
  type AnyDb,
} from './due-subscriptions.ts';
import { peakRssMegabytes } from './peak-rss.ts';

/** What the demo's monthly price asks in TUSD (6 decimals). */
const MONTHLY_TUSD = 9_990_000n;
/** The approval a checkout asks for: the first payment and 12 renewals. */
const APPROVED_PERIODS = 13n;
const PAYER_TUSD = 1_000_000_000n;
/** Payers set up at once: each is a few requests the chain answers one after another. */
const SETUP_CONCURRENCY = 32;
const PAYER_CALL_GAS = 100_000n;
/** Pulls still pending this long after the engine run are stuck (the checks then fail). */
const SETTLE_TIMEOUT_MS = 60_000;
const SETTLE_RETRY_MS = 100;

type EvmChains = PaymentDeps['chains'];
type EvmChain = ReturnType<EvmChains['connect']>;

interface EngineResult {
  /** What `runBilling` threw, if it did; the pulls are still settled and checked. */
  engineError: string | null;
  seconds: number;
  paidByRun: number;
  pendingAfterRun: number;
  settleSeconds: number;
  settleRounds: number;
  /** Failed `confirmPendingChainTransactions` rounds, and the last reason. */
  settleErrors: number;
  lastSettleError: string | null;
  paidAtEnd: number;
  rpcRequests: number;
  adapterCalls: Record<string, number>;
  peakRssMb: number;
}

// ------------------------------------------------------------------ the engine (child process)

/** The chain adapter with every method call counted by name. */
function countedChains(chains: EvmChains, calls: Record<string, number>): EvmChains {
  return {
    connect(endpoint) {
      const chain = chains.connect(endpoint);
      const counted = Object.entries(chain).map(([name, method]) => [
        name,
        (...args: unknown[]) => {
          calls[name] = (calls[name] ?? 0) + 1;
          return (method as (...args: unknown[]) => unknown)(...args);
        },
      ]);
      return Object.fromEntries(counted) as EvmChain;
    },
  };
}

/**
 * Counts HTTP requests from now on (viem sends one JSON-RPC request per `fetch`, no batching),
 * each answered `latencyMs` later than the local chain answers it, as a remote node would.
 */
function countFetches(latencyMs: number): { count(): number } {
  const original = globalThis.fetch;
  let requests = 0;
  globalThis.fetch = async (...args) => {
    requests += 1;
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    return original(...args);
  };
  return { count: () => requests };
}

async function countRows(db: PaymentDeps['db'], query: 'pending pulls' | 'paid invoices') {
  const row =
    query === 'pending pulls'
      ? await db
          .selectFrom('chain_transactions')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow()
      : await db
          .selectFrom('invoices')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('status', '=', 'paid')
          .where('billing_reason', '=', 'subscription_cycle')
          .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The reason in a chain error (viem's `details`, the node's words), or the message. */
function reasonOf(error: unknown): string {
  const first = error instanceof AggregateError ? error.errors[0] : error;
  if (first instanceof Error) return (first as Error & { details?: string }).details ?? first.message;
  return String(first);
}

/**
 * Confirms pending pulls, as the watcher does, until none is left or SETTLE_TIMEOUT_MS passed;
 * a failed round is counted and retried, as the watcher retries.
 */
async function settlePending(deps: PaymentDeps) {
  const deadline = performance.now() + SETTLE_TIMEOUT_MS;
  const settle = { rounds: 0, errors: 0, lastError: null as string | null };
  while ((await countRows(deps.db, 'pending pulls')) > 0 && performance.now() < deadline) {
    settle.rounds += 1;
    const settled = await confirmPendingChainTransactions(deps).catch((error: unknown) => {
      settle.errors += 1;
      settle.lastError = reasonOf(error);
      return 0;
    });
    if (settled === 0) await new Promise((resolve) => setTimeout(resolve, SETTLE_RETRY_MS));
  }
  return settle;
}

async function runEngine(target: string, rpcLatencyMs: number) {
  const database = await openTestTarget(target);
  const db = database.db as PaymentDeps['db'];
  const adapterCalls: Record<string, number> = {};
  const fetches = countFetches(rpcLatencyMs);
  const deps: PaymentDeps = {
    db,
    clock: createManualClock(PERIOD_END),
    flushEvents: async () => {},
    cards: createTestCardNetwork(db),
    stripe: createStripeClients(),
    chains: countedChains(createEvmChains(), adapterCalls),
    limits: DEFAULT_PAYMENT_LIMITS,
    catalogue: createCatalogueCache(),
    webhooks: DEFAULT_WEBHOOK_POLICY,
    sellerName: 'Bazaar',
  };
  const started = performance.now();
  const engineError = await runBilling(deps, { now: PERIOD_END, testClockId: null }).then(
    () => null,
    (error: unknown) => reasonOf(error),
  );
  const seconds = (performance.now() - started) / 1000;
  const paidByRun = await countRows(db, 'paid invoices');
  const pendingAfterRun = await countRows(db, 'pending pulls');
  const settleStarted = performance.now();
  const settle = await settlePending(deps);
  const settleSeconds = (performance.now() - settleStarted) / 1000;
  const paidAtEnd = await countRows(db, 'paid invoices');
  await database.close();
  const output: EngineResult = {
    engineError,
    seconds,
    paidByRun,
    pendingAfterRun,
    settleSeconds,
    settleRounds: settle.rounds,
    settleErrors: settle.errors,
    lastSettleError: settle.lastError,
    paidAtEnd,
    rpcRequests: fetches.count(),
    adapterCalls,
    peakRssMb: peakRssMegabytes(),
  };
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

// ------------------------------------------------------------------ chain and payers (parent)

interface BenchChain {
  chain: DevChain;
  reader: PublicClient;
  token: Address;
  vault: Address;
  tokenBalance(owner: Address): Promise<bigint>;
}

/** A fresh chain with the demo's TUSD, which lands where the demo method expects it. */
async function openBenchChain(): Promise<BenchChain> {
  const chain = await startDevChain();
  const token = await deployDemoToken(chain).catch(async (error: unknown) => {
    await chain.close();
    throw error;
  });
  const reader = createPublicClient({ transport: http(chain.rpcUrl), pollingInterval: 50 });
  return {
    chain,
    reader,
    token,
    vault: privateKeyToAccount(DEMO_CHAIN.vaultKey).address,
    tokenBalance: (owner) =>
      reader.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
  };
}

/**
 * `count` new payers, each with ETH for gas, PAYER_TUSD, and the vault approved for
 * APPROVED_PERIODS months, as a checkout leaves them. Each payer mints its own tokens (anyone may
 * mint the test token): a chain that mines as transactions arrive refuses a nonce ahead of the
 * next, so one minter's transactions could not go out at once. The calls are signed here (fixed
 * gas and fees, nonces 0 and 1), and each is mined by the time its request is answered.
 */
async function createPayers(bench: BenchChain, count: number): Promise<Address[]> {
  const { chain, reader, token, vault } = bench;
  const tester = createTestClient({ transport: http(chain.rpcUrl), mode: 'hardhat' });
  // Base fees only fall on a chain of near-empty blocks, so today's doubled stays enough.
  const fees = await reader.estimateFeesPerGas();
  const approve = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'approve',
    args: [vault, MONTHLY_TUSD * APPROVED_PERIODS],
  });
  async function createPayer(): Promise<Address> {
    const account = privateKeyToAccount(generatePrivateKey());
    await tester.setBalance({ address: account.address, value: parseEther('1') });
    const mint = encodeFunctionData({
      abi: TEST_TOKEN_ABI,
      functionName: 'mint',
      args: [account.address, PAYER_TUSD],
    });
    for (const [nonce, data] of [mint, approve].entries()) {
      const hash = await reader.sendRawTransaction({
        serializedTransaction: await account.signTransaction({
          chainId: chain.chainId,
          type: 'eip1559',
          to: token,
          nonce,
          gas: PAYER_CALL_GAS,
          maxFeePerGas: fees.maxFeePerGas * 2n,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
          data,
        }),
      });
      const receipt = await reader.getTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`The payer's setup transaction ${hash} reverted`);
    }
    return account.address;
  }
  const payers: Address[] = [];
  for (let offset = 0; offset < count; offset += SETUP_CONCURRENCY) {
    const batch = Math.min(SETUP_CONCURRENCY, count - offset);
    payers.push(...(await Promise.all(Array.from({ length: batch }, createPayer))));
  }
  return payers;
}

// ------------------------------------------------------------------ checks (parent)

/**
 * Everything the run must have done, read back from the database and the chain. The chain's
 * Transfer logs since `fromBlock` are the ground truth for "charged": every token movement logs one.
 */
async function findProblems(
  db: AnyDb,
  bench: BenchChain,
  input: { payers: readonly Address[]; fromBlock: bigint; vaultBefore: bigint; vaultNonceBefore: number },
): Promise<string[]> {
  const { payers } = input;
  const count = payers.length;
  const problems: string[] = [];

  const invoices: { id: string; status: string; amount_paid: string; payment_intent_id: string | null }[] =
    await db
      .selectFrom('invoices')
      .select(['id', 'status', 'amount_paid', 'payment_intent_id'])
      .where('billing_reason', '=', 'subscription_cycle')
      .execute();
  const unpaid = invoices.filter(
    (invoice) => invoice.status !== 'paid' || BigInt(invoice.amount_paid) !== MONTHLY_TUSD,
  );
  if (invoices.length !== count)
    problems.push(`${invoices.length} cycle invoices for ${count} subscriptions`);
  if (unpaid.length > 0) {
    problems.push(`${unpaid.length} cycle invoices not paid 9.99 TUSD, e.g. ${JSON.stringify(unpaid[0])}`);
  }

  const pulls: { payment_intent_id: string; status: string; nonce: number }[] = await db
    .selectFrom('chain_transactions')
    .select(['payment_intent_id', 'status', 'nonce'])
    .where('kind', '=', 'pull')
    .orderBy('nonce')
    .execute();
  const succeeded = new Map<string, number>();
  const unsettled = new Map<string, number[]>();
  for (const pull of pulls) {
    if (pull.status === 'succeeded') {
      succeeded.set(pull.payment_intent_id, (succeeded.get(pull.payment_intent_id) ?? 0) + 1);
    } else {
      unsettled.set(pull.status, [...(unsettled.get(pull.status) ?? []), pull.nonce]);
    }
  }
  for (const [status, nonces] of unsettled) {
    problems.push(`${nonces.length} pulls ${status}, nonces ${nonces.slice(0, 10).join(', ')}…`);
  }
  const notOnePull = invoices.filter(
    (invoice) => !invoice.payment_intent_id || succeeded.get(invoice.payment_intent_id) !== 1,
  );
  if (notOnePull.length > 0) {
    const example = notOnePull[0]!;
    problems.push(
      `${notOnePull.length} invoices without exactly one succeeded pull, e.g. ${example.id} ` +
        `(${succeeded.get(example.payment_intent_id ?? '') ?? 0})`,
    );
  }
  const succeededPulls = [...succeeded.values()].reduce((sum, pulls) => sum + pulls, 0);
  if (succeededPulls !== count) problems.push(`${succeededPulls} succeeded pulls for ${count} invoices`);

  const vaultGrowth = (await bench.tokenBalance(bench.vault)) - input.vaultBefore;
  if (vaultGrowth !== BigInt(count) * MONTHLY_TUSD) {
    problems.push(`the vault received ${vaultGrowth} TUSD units, not ${BigInt(count) * MONTHLY_TUSD}`);
  }

  const transfers = await bench.reader.getContractEvents({
    address: bench.token,
    abi: erc20Abi,
    eventName: 'Transfer',
    fromBlock: input.fromBlock,
  });
  const charges = new Map<string, number>();
  for (const { args } of transfers) {
    if (!isAddressEqual(args.to!, bench.vault) || args.value !== MONTHLY_TUSD) {
      problems.push(`an unexpected transfer: ${args.value} from ${args.from} to ${args.to}`);
    }
    charges.set(args.from!.toLowerCase(), (charges.get(args.from!.toLowerCase()) ?? 0) + 1);
  }
  const chargedTwice = payers.filter((payer) => (charges.get(payer.toLowerCase()) ?? 0) > 1);
  const neverCharged = payers.filter((payer) => !charges.has(payer.toLowerCase()));
  if (chargedTwice.length > 0) problems.push(`${chargedTwice.length} payers charged more than once`);
  if (neverCharged.length > 0) problems.push(`${neverCharged.length} payers never charged`);
  if (transfers.length !== count) problems.push(`${transfers.length} token transfers for ${count} invoices`);

  // Every nonce the vault signed was mined, and nothing is left waiting behind a gap.
  const [mined, pending] = await Promise.all([
    bench.reader.getTransactionCount({ address: bench.vault, blockTag: 'latest' }),
    bench.reader.getTransactionCount({ address: bench.vault, blockTag: 'pending' }),
  ]);
  if (mined - input.vaultNonceBefore !== count || pending !== mined) {
    problems.push(
      `the vault sent ${mined - input.vaultNonceBefore} transactions (${pending - mined} unmined)`,
    );
  }
  return problems;
}

// ------------------------------------------------------------------ one dialect (parent)

async function bench(dialect: Dialect, count: number, rpcLatencyMs: number) {
  const setupStarted = performance.now();
  const database = await openTestDatabase(dialect);
  const { target, close } = database;
  const chain = await openBenchChain().catch(async (error: unknown) => {
    await close();
    throw error;
  });
  try {
    const kit = createPaymentKit(
      {
        database,
        clock: createManualClock(PERIOD_START),
        relay: { publish: () => {} },
        logger: Fastify().log,
        appId: 'app_bench',
        appName: 'Bazaar bench',
        livemode: false,
      },
      { demoChain: { rpcUrl: chain.chain.rpcUrl } },
    );
    await kit.migrate();
    await kit.seed();
    const payers = await createPayers(chain, count);
    const db = database.db as AnyDb;
    await insertDueSubscriptions(db, { kind: 'chain', payers });
    const fromBlock = (await chain.reader.getBlockNumber({ cacheTime: 0 })) + 1n;
    const vaultBefore = await chain.tokenBalance(chain.vault);
    const vaultNonceBefore = await chain.reader.getTransactionCount({ address: chain.vault });
    const setupSeconds = (performance.now() - setupStarted) / 1000;

    const engine = await spawnEngine<EngineResult>(import.meta.filename, [target, String(rpcLatencyMs)]);
    const problems = await findProblems(db, chain, { payers, fromBlock, vaultBefore, vaultNonceBefore });
    if (engine.engineError) problems.unshift(`runBilling failed: ${engine.engineError}`);
    if (engine.settleErrors > 0) {
      problems.push(`${engine.settleErrors} settle rounds failed, the last: ${engine.lastSettleError}`);
    }
    if (problems.length > 0) throw new Error(`${dialect}:\n  ${problems.join('\n  ')}`);
    return {
      row: {
        db: dialect,
        subscriptions: count,
        'renewals/s': Math.round(count / engine.seconds),
        'engine s': round(engine.seconds),
        'paid in the run': engine.paidByRun,
        'pending after': engine.pendingAfterRun,
        'settle s': round(engine.settleSeconds),
        'settle rounds': engine.settleRounds,
        'paid at end': engine.paidAtEnd,
        'RPC requests': engine.rpcRequests,
        'RPC / renewal': round(engine.rpcRequests / count),
        'engine peak RSS MB': engine.peakRssMb,
        'setup s': round(setupSeconds),
      },
      adapterCalls: engine.adapterCalls,
    };
  } finally {
    await chain.chain.close();
    await close();
  }
}

const round = (value: number) => Math.round(value * 10) / 10;

async function main(count: number, rpcLatencyMs: number) {
  const rows = [];
  const calls: Record<string, Record<string, number>> = {};
  for (const dialect of TEST_DIALECTS) {
    const result = await bench(dialect, count, rpcLatencyMs);
    rows.push(result.row);
    calls[dialect] = result.adapterCalls;
  }
  const cpu = cpus();
  console.log(
    `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, Node ${process.version}; ${count} due monthly TUSD ` +
      'subscriptions renewed by one runBilling, each pulled from its payer’s approval on a local Hardhat chain ' +
      `(automine, 1 confirmation, ${rpcLatencyMs} ms added to each JSON-RPC request); every invoice ` +
      'paid once, one pull each, checked against the chain',
  );
  console.table(rows);
  console.log('Chain adapter calls (each one JSON-RPC request or more):');
  console.table(calls);
}

const args = process.argv.slice(2);
if (args[0] === 'engine') await runEngine(args[1]!, Number(args[2]));
else await main(Number(args[0] ?? 1_000), Number(args[1] ?? 0));
