import { startDevChain, type DevChain } from '@bazaar/dev-chain';
import type { SessionUser } from '@bazaar/schemas';
import type { Dialect } from '@bazaar/server-kit';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
  parseEther,
  type Address,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll } from 'vitest';
import { DEMO_CHAIN, deployDemoToken, seedDemoChain } from '../demo/seed-chain.ts';
import type { PaymentDeps } from '../deps.ts';
import { makeUser, openPaymentTestKit, type PaymentTestKit } from './payment-test-kit.ts';

/** Every payer starts with this much TUSD (6 decimals). */
export const PAYER_TUSD = 1_000_000_000n;

export interface TestPayer {
  address: Address;
  transfer(to: Address, amount: bigint, options?: { gas?: bigint }): Promise<Hex>;
  approve(spender: Address, amount: bigint): Promise<Hex>;
}

export interface ChainTestKit {
  chain: DevChain;
  token: Address;
  vault: Address;
  /** A new wallet with ETH for gas and PAYER_TUSD: tests never share allowances. */
  newPayer(): Promise<TestPayer>;
  tokenBalance(owner: Address): Promise<bigint>;
  /** Points the demo chain method of a test database at this chain. */
  seed(deps: Pick<PaymentDeps, 'db' | 'clock'>): Promise<void>;
  close(): Promise<void>;
}

/**
 * A payment test kit on `dialect` whose demo chain method pays on `chainKit`, and a new payer
 * signed in with their wallet.
 */
export async function openChainCheckout(
  dialect: Dialect,
  chainKit: ChainTestKit,
): Promise<{ kit: PaymentTestKit; payer: TestPayer; user: SessionUser }> {
  const kit = await openPaymentTestKit(dialect);
  await chainKit.seed(kit.deps);
  const payer = await chainKit.newPayer();
  const user = makeUser({
    did: `did:pkh:eip155:${chainKit.chain.chainId}:${payer.address}`,
    walletAddress: payer.address,
  });
  return { kit, payer, user };
}

/**
 * One local chain for a test file, started before its tests and closed after them. The kit is
 * filled in by `beforeAll`: read it in tests and hooks, not while the file is collected.
 */
export function useChainTestKit(): ChainTestKit {
  const shared = {} as ChainTestKit;
  beforeAll(async () => {
    Object.assign(shared, await openChainTestKit());
  });
  afterAll(() => shared.close());
  return shared;
}

/** A local chain with the demo's test token deployed where the demo expects it. */
async function openChainTestKit(): Promise<ChainTestKit> {
  const chain = await startDevChain();
  const token = await deployDemoToken(chain);
  const viemChain = defineChain({
    id: chain.chainId,
    name: 'dev',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  });
  const transport = http(chain.rpcUrl);
  const reader = createPublicClient({ chain: viemChain, transport, pollingInterval: 50 });
  const tester = createTestClient({ chain: viemChain, transport, mode: 'hardhat' });
  const tokenBalance = (owner: Address) =>
    reader.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

  return {
    chain,
    token,
    vault: privateKeyToAccount(DEMO_CHAIN.vaultKey).address,
    tokenBalance,
    async newPayer() {
      const account = privateKeyToAccount(generatePrivateKey());
      await tester.setBalance({ address: account.address, value: parseEther('10') });
      await chain.mintToken(token, account.address, PAYER_TUSD);
      const wallet = createWalletClient({ account, chain: viemChain, transport });
      /** Calls the token from the payer's wallet and waits for the receipt. */
      const send = async (functionName: 'transfer' | 'approve', args: [Address, bigint], gas?: bigint) => {
        const hash = await wallet.writeContract({ address: token, abi: erc20Abi, functionName, args, gas });
        await reader.waitForTransactionReceipt({ hash });
        return hash;
      };
      return {
        address: account.address,
        transfer: (to, amount, options) => send('transfer', [to, amount], options?.gas),
        approve: (spender, amount) => send('approve', [spender, amount]),
      };
    },
    seed: (deps) => seedDemoChain(deps, { rpcUrl: chain.rpcUrl }),
    close: () => chain.close(),
  };
}
