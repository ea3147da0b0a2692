import { shortAddress, type ChainContext } from '@bazaar/schemas';
import {
  createPublicClient,
  createWalletClient,
  custom,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  UserRejectedRequestError,
  type Hex,
} from 'viem';
import { ensureChain, toViemChain, type ChainSpec } from './chain.ts';
import type { WalletProvider } from './provider.ts';

const RECEIPT_POLL_INTERVAL_MS = 1_000;

/** The wallet's selected account is not the wallet bound to the payer's account. */
export class WalletMismatchError extends Error {
  readonly expected: string;
  readonly actual: string;

  constructor(expected: string, actual: string) {
    super(`Pay from ${shortAddress(expected)}: the wallet has ${shortAddress(actual)} selected`);
    this.name = 'WalletMismatchError';
    this.expected = expected;
    this.actual = actual;
  }
}

function paymentCall(context: ChainContext): Hex {
  const vault = getAddress(context.vault);
  switch (context.action) {
    case 'transfer':
      return encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [vault, BigInt(context.amount)],
      });
    case 'approve':
      return encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [vault, BigInt(context.approve_amount)],
      });
    case 'none':
      throw new Error('The server pulls this payment itself; the wallet has nothing to send');
  }
}

/**
 * Sends what the checkout asks of the payer's wallet: `transfer(vault, amount)` of the token, or
 * `approve(vault, approve_amount)` so the vault can pull this and later payments. Answers the
 * transaction hash as soon as the wallet broadcast it; `waitForReceipt` follows it on chain.
 */
export async function sendChainPayment(provider: WalletProvider, context: ChainContext): Promise<Hex> {
  const client = createWalletClient({ transport: custom(provider) });
  const [account] = await client.requestAddresses();
  if (!account) throw new UserRejectedRequestError(new Error('No account was shared'));
  if (context.payer && context.payer.toLowerCase() !== account.toLowerCase()) {
    throw new WalletMismatchError(context.payer, account);
  }
  const spec: ChainSpec = { chainId: context.chain_id, rpcUrl: context.rpc_url, name: context.network_name };
  await ensureChain(provider, spec);
  return client.sendTransaction({
    account,
    chain: toViemChain(spec),
    to: getAddress(context.token.address),
    data: paymentCall(context),
  });
}

/** Waits until the transaction is mined and tells whether it succeeded; throws after `timeoutMs`. */
export async function waitForReceipt(
  provider: WalletProvider,
  hash: Hex,
  options: { timeoutMs: number },
): Promise<'success' | 'reverted'> {
  const client = createPublicClient({
    transport: custom(provider),
    pollingInterval: RECEIPT_POLL_INTERVAL_MS,
  });
  const receipt = await client.waitForTransactionReceipt({ hash, timeout: options.timeoutMs });
  return receipt.status;
}
