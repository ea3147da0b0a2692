import { startDevChain, type DevAccount, type DevChain } from '@bazaar/dev-chain';
import { shortAddress, type ChainContext } from '@bazaar/schemas';
import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  type Address,
  type PublicClient,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendChainPayment, waitForReceipt, WalletMismatchError } from './chain-payment.ts';
import { isUserRejection } from './provider.ts';
import { createTestWallet } from './test-wallet.ts';

const RECEIPT_TIMEOUT_MS = 10_000;
const USDC = 1_000_000n;

describe('chain payments from a wallet, on a dev chain', () => {
  let chain: DevChain;
  let client: PublicClient;
  let token: Address;
  let vault: DevAccount;

  beforeAll(async () => {
    chain = await startDevChain();
    client = createPublicClient({ transport: http(chain.rpcUrl) });
    token = await chain.deployToken({ name: 'USD Coin', symbol: 'USDC', decimals: 6 });
    vault = chain.accounts[0]!;
  });
  afterAll(async () => {
    await chain.close();
  });

  /** A funded payer (one dev account per test, so balances do not mix) and its wallet. */
  async function payerWallet(index: number, options: { knowsChain?: boolean } = {}) {
    const payer = chain.accounts[index]!;
    await chain.mintToken(token, payer.address, 100n * USDC);
    const wallet = createTestWallet({
      privateKey: payer.privateKey,
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      ...options,
    });
    return { payer, wallet };
  }

  function context(overrides: Partial<ChainContext>): ChainContext {
    return {
      chain_id: chain.chainId,
      rpc_url: chain.rpcUrl,
      explorer_host: '',
      network_name: 'Ethereum (local)',
      token: { address: token, symbol: 'USDC', decimals: 6 },
      vault: vault.address,
      payer: null,
      amount: '0',
      action: 'transfer',
      approve_amount: '0',
      ...overrides,
    };
  }

  const balanceOf = (owner: Address) =>
    client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

  it('transfers the amount due to the vault from the bound wallet', async () => {
    const { payer, wallet } = await payerWallet(1);
    const vaultBefore = await balanceOf(vault.address);
    // The server may spell the bound address in any case.
    const hash = await sendChainPayment(
      wallet,
      context({ payer: payer.address.toLowerCase(), amount: '12500000', action: 'transfer' }),
    );
    expect(await waitForReceipt(wallet, hash, { timeoutMs: RECEIPT_TIMEOUT_MS })).toBe('success');
    expect(await balanceOf(vault.address)).toBe(vaultBefore + 12_500_000n);
    expect(await balanceOf(payer.address)).toBe(87_500_000n);
    const transaction = await client.getTransaction({ hash });
    expect(transaction.from).toBe(payer.address.toLowerCase());
  });

  it('approves the vault for approve_amount and moves no tokens', async () => {
    const { payer, wallet } = await payerWallet(2);
    const hash = await sendChainPayment(
      wallet,
      context({ payer: payer.address, amount: '10000000', action: 'approve', approve_amount: '130000000' }),
    );
    expect(await waitForReceipt(wallet, hash, { timeoutMs: RECEIPT_TIMEOUT_MS })).toBe('success');
    const allowance = await client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [payer.address, vault.address],
    });
    expect(allowance).toBe(130_000_000n);
    expect(await balanceOf(payer.address)).toBe(100n * USDC);
  });

  it('adds the chain to a wallet that never saw it, switches, then pays (a guest may pay from any wallet)', async () => {
    const { payer, wallet } = await payerWallet(3, { knowsChain: false });
    expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x1');
    const hash = await sendChainPayment(wallet, context({ payer: null, amount: '1000000' }));
    expect(await waitForReceipt(wallet, hash, { timeoutMs: RECEIPT_TIMEOUT_MS })).toBe('success');
    expect(Number(await wallet.request({ method: 'eth_chainId' }))).toBe(chain.chainId);
    expect(await balanceOf(payer.address)).toBe(99n * USDC);
  });

  it('refuses to pay from an account other than the bound wallet, sending nothing', async () => {
    const { payer, wallet } = await payerWallet(4);
    const bound = chain.accounts[5]!.address;
    const payment = sendChainPayment(wallet, context({ payer: bound, amount: '1000000' }));
    await expect(payment).rejects.toBeInstanceOf(WalletMismatchError);
    await expect(payment).rejects.toThrow(
      `Pay from ${shortAddress(bound)}: the wallet has ${shortAddress(payer.address)} selected`,
    );
    expect(await client.getTransactionCount({ address: payer.address })).toBe(0);
    expect(isUserRejection(await payment.catch((error: unknown) => error))).toBe(false);
  });

  it('recognises a payment the person declined in the wallet, and pays when they accept', async () => {
    const { payer, wallet } = await payerWallet(6);
    const payment = context({ payer: payer.address, amount: '2000000' });
    wallet.setRejecting(true);
    const declined = await sendChainPayment(wallet, payment).catch((error: unknown) => error);
    expect(isUserRejection(declined)).toBe(true);
    wallet.setRejecting(false);
    const hash = await sendChainPayment(wallet, payment);
    expect(await waitForReceipt(wallet, hash, { timeoutMs: RECEIPT_TIMEOUT_MS })).toBe('success');
    expect(await balanceOf(payer.address)).toBe(98n * USDC);
  });

  it('waits for the block that mines the transaction, and gives up after timeoutMs', async () => {
    const { payer, wallet } = await payerWallet(7);
    await chain.setAutomine(false);
    try {
      const hash = await sendChainPayment(wallet, context({ payer: payer.address, amount: '3000000' }));
      await expect(waitForReceipt(wallet, hash, { timeoutMs: 300 })).rejects.toThrow(/Timed out/);
      const receipt = waitForReceipt(wallet, hash, { timeoutMs: RECEIPT_TIMEOUT_MS });
      await chain.mine();
      expect(await receipt).toBe('success');
    } finally {
      await chain.setAutomine(true);
    }
  });

  it('reports a transaction that reverted', async () => {
    const { payer, wallet } = await payerWallet(8);
    // The dev chain refuses a failing transaction at once while it mines on arrival; queued, it
    // is mined and reverts. An explicit gas limit skips the estimate that would refuse it too.
    await chain.setAutomine(false);
    try {
      const hash = await wallet.request({
        method: 'eth_sendTransaction',
        params: [
          {
            from: payer.address,
            to: token,
            gas: '0x30000',
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: 'transfer',
              args: [vault.address, 101n * USDC],
            }),
          },
        ],
      });
      await chain.mine();
      expect(await waitForReceipt(wallet, hash, { timeoutMs: RECEIPT_TIMEOUT_MS })).toBe('reverted');
    } finally {
      await chain.setAutomine(true);
    }
  });
});
