import net from 'node:net';
import {
  createPublicClient,
  createWalletClient,
  getContract,
  getContractAddress,
  http,
  type Address,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevChain, TEST_TOKEN_ABI, type DevAccount, type DevChain } from './index.ts';

const USDC = { name: 'USD Coin', symbol: 'USDC', decimals: 6 };

function publicClientOf(chain: DevChain): PublicClient {
  return createPublicClient({ transport: http(chain.rpcUrl), pollingInterval: 50, cacheTime: 0 });
}

/** The token as `account` calls it, sending from its own key. */
function tokenAs(chain: DevChain, token: Address, account: DevAccount) {
  const wallet = createWalletClient({
    transport: http(chain.rpcUrl),
    account: privateKeyToAccount(account.privateKey),
  });
  return getContract({ address: token, abi: TEST_TOKEN_ABI, client: wallet }).write;
}

function balanceOf(client: PublicClient, token: Address, owner: Address): Promise<bigint> {
  return client.readContract({
    address: token,
    abi: TEST_TOKEN_ABI,
    functionName: 'balanceOf',
    args: [owner],
  });
}

async function isPortFree(port: number): Promise<boolean> {
  const probe = net.createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

describe('startDevChain', () => {
  let chain: DevChain;
  let client: PublicClient;
  let token: Address;

  beforeAll(async () => {
    chain = await startDevChain();
    client = publicClientOf(chain);
    token = await chain.deployToken(USDC);
  });

  afterAll(() => chain.close());

  const accountAt = (index: number): DevAccount => chain.accounts[index]!;

  it('serves JSON-RPC on 127.0.0.1 with chain id 31337 and funds the ten dev accounts it reports at genesis', async () => {
    expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await client.getChainId()).toBe(31337);
    expect(chain.accounts).toHaveLength(10);
    const unlocked = await createWalletClient({ transport: http(chain.rpcUrl) }).getAddresses();
    expect(unlocked).toEqual(chain.accounts.map((account) => account.address));
    for (const account of chain.accounts) {
      expect(privateKeyToAccount(account.privateKey).address).toBe(account.address);
      expect(await client.getBalance({ address: account.address, blockNumber: 0n })).toBe(
        10_000n * 10n ** 18n,
      );
    }
  });

  it('deploys the first token from the last dev account at its nonce-0 address, with the decimals asked for', async () => {
    const deployer = accountAt(9).address;
    expect(token).toBe(getContractAddress({ from: deployer, nonce: 0n }));
    const read = (functionName: 'name' | 'symbol' | 'decimals') =>
      client.readContract({ address: token, abi: TEST_TOKEN_ABI, functionName });
    expect([await read('name'), await read('symbol'), await read('decimals')]).toEqual([
      'USD Coin',
      'USDC',
      6,
    ]);
  });

  it('mints to a payer who transfers with their own key', async () => {
    const [payer, payee] = [accountAt(1), accountAt(2)];
    await chain.mintToken(token, payer.address, 100_000_000n);
    const hash = await tokenAs(chain, token, payer).transfer([payee.address, 19_990_000n], { chain: null });
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success');
    expect(await balanceOf(client, token, payer.address)).toBe(80_010_000n);
    expect(await balanceOf(client, token, payee.address)).toBe(19_990_000n);
  });

  it('lets a spender pull what the owner approved, and no more', async () => {
    const [owner, spender] = [accountAt(3), accountAt(4)];
    await chain.mintToken(token, owner.address, 50_000_000n);
    const approve = await tokenAs(chain, token, owner).approve([spender.address, 30_000_000n], {
      chain: null,
    });
    await client.waitForTransactionReceipt({ hash: approve });
    const allowance = () =>
      client.readContract({
        address: token,
        abi: TEST_TOKEN_ABI,
        functionName: 'allowance',
        args: [owner.address, spender.address],
      });
    expect(await allowance()).toBe(30_000_000n);

    const pull = (amount: bigint) =>
      tokenAs(chain, token, spender).transferFrom([owner.address, spender.address, amount], { chain: null });
    await client.waitForTransactionReceipt({ hash: await pull(25_000_000n) });
    expect(await allowance()).toBe(5_000_000n);
    expect(await balanceOf(client, token, owner.address)).toBe(25_000_000n);
    expect(await balanceOf(client, token, spender.address)).toBe(25_000_000n);
    await expect(pull(5_000_001n)).rejects.toThrow(/ERC20InsufficientAllowance/);
  });

  it('keeps a transaction pending while automine is off, until a block is mined', async () => {
    const [sender, recipient] = [accountAt(5), accountAt(6)];
    await chain.mintToken(token, sender.address, 1_000_000n);
    await chain.setAutomine(false);
    try {
      const hash = await tokenAs(chain, token, sender).transfer([recipient.address, 400_000n], {
        chain: null,
      });
      const blockBefore = await client.getBlockNumber();
      expect((await client.getTransaction({ hash })).blockNumber).toBeNull();
      expect(await balanceOf(client, token, recipient.address)).toBe(0n);

      await chain.mine();
      const receipt = await client.getTransactionReceipt({ hash });
      expect(receipt.blockNumber).toBe(blockBefore + 1n);
      expect(await balanceOf(client, token, recipient.address)).toBe(400_000n);

      await chain.mine(3);
      expect(await client.getBlockNumber()).toBe(blockBefore + 4n);
    } finally {
      await chain.setAutomine(true);
    }
  });

  it('runs a second chain at once, on another port with its own chain id and state', async () => {
    const other = await startDevChain({ chainId: 1337 });
    try {
      const otherClient = publicClientOf(other);
      expect(other.rpcUrl).not.toBe(chain.rpcUrl);
      expect(await otherClient.getChainId()).toBe(1337);
      // Fresh chain, same deployer at nonce 0: the same address, but a contract of its own. Deploying
      // two at once must not hand both the same nonce.
      const deployed = await Promise.all([
        other.deployToken({ name: 'Dai', symbol: 'DAI', decimals: 18 }),
        other.deployToken({ name: 'Euro Coin', symbol: 'EURC', decimals: 6 }),
      ]);
      expect(deployed.toSorted()).toEqual(
        [token, getContractAddress({ from: accountAt(9).address, nonce: 1n })].toSorted(),
      );
      await other.mintToken(token, accountAt(1).address, 7n * 10n ** 18n);
      expect(await balanceOf(otherClient, token, accountAt(1).address)).toBe(7n * 10n ** 18n);
      expect(await balanceOf(client, token, accountAt(1).address)).toBe(80_010_000n);
    } finally {
      await other.close();
    }
  });

  it('frees its port on close, and refuses a port that is taken', async () => {
    const first = await startDevChain();
    const port = Number(new URL(first.rpcUrl).port);
    await expect(startDevChain({ port })).rejects.toThrow(`Cannot start the dev chain on 127.0.0.1:${port}`);
    await first.close();
    expect(await isPortFree(port)).toBe(true);

    const again = await startDevChain({ port });
    expect(again.rpcUrl).toBe(first.rpcUrl);
    await again.close();
  });
});
