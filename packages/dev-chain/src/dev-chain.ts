import { pbkdf2Sync } from 'node:crypto';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { createHardhatRuntimeEnvironment } from 'hardhat/hre';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  toHex,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import { HDKey, hdKeyToAccount, privateKeyToAccount } from 'viem/accounts';
import { createNonceManager, jsonRpc } from 'viem/nonce';
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from './test-token-artifact.ts';

/** Hardhat's public mnemonic: its keys are known to everyone, so they must never hold anything real. */
const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
const DEV_ACCOUNT_COUNT = 10;
const NETWORK_NAME = 'dev';
// Blocks are mined at once on this chain; viem's default (4 s) would make every wait a multiple of that.
const POLLING_INTERVAL_MS = 50;

export type DevAccount = { address: Address; privateKey: Hex };

export type DevChainOptions = { port?: number; hostname?: string; chainId?: number };

export type DevChain = {
  rpcUrl: string;
  chainId: number;
  /** Funded with 10,000 ETH each at genesis; the last one deploys and mints tokens. */
  accounts: readonly DevAccount[];
  /**
   * Deploys a TestToken (anyone may mint) from the last dev account and waits for its receipt.
   * The first deployment on a fresh chain always lands at the same address (deployer nonce 0).
   */
  deployToken(input: { name: string; symbol: string; decimals: number }): Promise<Address>;
  /** Mints `amount` (smallest unit) of `token` to `to` and waits for the receipt. */
  mintToken(token: Address, to: Address, amount: bigint): Promise<void>;
  /** With automine off, transactions wait in the mempool until `mine()` (deploy and mint wait too). */
  setAutomine(on: boolean): Promise<void>;
  mine(blocks?: number): Promise<void>;
  close(): Promise<void>;
};

let devAccounts: readonly DevAccount[] | undefined;

/** The first ten accounts of Hardhat's mnemonic (m/44'/60'/0'/0/i), as viem's mnemonicToAccount derives them. */
function getDevAccounts(): readonly DevAccount[] {
  if (devAccounts) return devAccounts;
  // Node's native PBKDF2 makes the seed once; mnemonicToAccount redoes it in JS per account (~40 ms each).
  const root = HDKey.fromMasterSeed(pbkdf2Sync(DEV_MNEMONIC, 'mnemonic', 2048, 64, 'sha512'));
  devAccounts = Array.from({ length: DEV_ACCOUNT_COUNT }, (_, addressIndex) => {
    const account = hdKeyToAccount(root, { addressIndex });
    // A key derived from a seed always has its private half.
    return { address: account.address, privateKey: toHex(account.getHdKey().privateKey!) };
  });
  return devAccounts;
}

/**
 * Hardhat's server leaves a failed listen as an unhandled 'error' event, which kills the process;
 * trying the port first turns the usual case (another chain still running) into a rejection.
 */
async function assertPortFree(hostname: string, port: number): Promise<void> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error) =>
      reject(
        new Error(`Cannot start the dev chain on ${hostname}:${port}: ${error.message}`, { cause: error }),
      ),
    );
    probe.listen(port, hostname, () => probe.close(() => resolve()));
  });
}

/**
 * Starts an in-process Hardhat (EDR) chain serving JSON-RPC over HTTP, e.g.
 * `const chain = await startDevChain(); const token = await chain.deployToken({ name: 'USD Coin', symbol: 'USDC', decimals: 6 });`
 */
export async function startDevChain(options: DevChainOptions = {}): Promise<DevChain> {
  const { port = 0, hostname = '127.0.0.1', chainId = 31337 } = options;
  if (port !== 0) await assertPortFree(hostname, port);
  const hre = await createHardhatRuntimeEnvironment(
    {
      networks: {
        [NETWORK_NAME]: {
          type: 'edr-simulated',
          chainId,
          accounts: { mnemonic: DEV_MNEMONIC, count: DEV_ACCOUNT_COUNT },
          // As on a real chain, a failing transaction is mined (and reverts) rather than refused.
          throwOnTransactionFailures: false,
        },
      },
    },
    {},
    // Resolved here, not on import: a browser-like test environment may import this module too.
    fileURLToPath(new URL('..', import.meta.url)),
  );
  const server = await hre.network.createServer({ network: NETWORK_NAME }, hostname, port);
  const address = await server.listen();
  const rpcUrl = `http://${hostname}:${address.port}`;

  const chain = defineChain({
    id: chainId,
    name: 'Dev chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const transport = http(rpcUrl);
  const accounts = getDevAccounts();
  const deployer = accounts[accounts.length - 1]!;
  const publicClient = createPublicClient({ chain, transport, pollingInterval: POLLING_INTERVAL_MS });
  const testClient = createTestClient({ chain, transport, mode: 'hardhat' });
  // Its own nonce manager: viem's shared one keys nonces by chain id, which two dev chains can share.
  const deployerClient = createWalletClient({
    chain,
    transport,
    account: privateKeyToAccount(deployer.privateKey, {
      nonceManager: createNonceManager({ source: jsonRpc() }),
    }),
  });

  async function waitForSuccess(hash: Hash) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`Dev chain transaction ${hash} reverted`);
    return receipt;
  }

  return {
    rpcUrl,
    chainId,
    accounts,
    async deployToken({ name, symbol, decimals }) {
      const hash = await deployerClient.deployContract({
        abi: TEST_TOKEN_ABI,
        bytecode: TEST_TOKEN_BYTECODE,
        args: [name, symbol, decimals],
      });
      const { contractAddress } = await waitForSuccess(hash);
      if (!contractAddress) throw new Error(`Dev chain deployment ${hash} created no contract`);
      return getAddress(contractAddress);
    },
    async mintToken(token, to, amount) {
      await waitForSuccess(
        await deployerClient.writeContract({
          address: token,
          abi: TEST_TOKEN_ABI,
          functionName: 'mint',
          args: [to, amount],
        }),
      );
    },
    async setAutomine(on) {
      await testClient.setAutomine(on);
    },
    async mine(blocks = 1) {
      await testClient.mine({ blocks });
    },
    close: () => server.close(),
  };
}
