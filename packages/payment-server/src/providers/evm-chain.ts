import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  isAddressEqual,
  keccak256,
  parseEventLogs,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** What a chain method's settings say about reaching its chain: the chain's id and its JSON-RPC address. */
export interface EvmEndpoint {
  chainId: number;
  rpcUrl: string;
}

/** An ERC-20 `Transfer` a mined transaction emitted. */
export interface TokenTransfer {
  token: Address;
  from: Address;
  to: Address;
  value: bigint;
}

export interface MinedTransaction {
  status: 'success' | 'reverted';
  blockNumber: bigint;
  /** How many blocks deep it is: 1 when it is in the newest block. */
  confirmations: bigint;
  transfers: TokenTransfer[];
  /** What mining it cost: gas used, at the price per gas paid (wei). */
  gasUsed: bigint;
  gasPrice: bigint;
}

export interface FeesPerGas {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export interface SignedTransaction {
  hash: Hex;
  raw: Hex;
}

/**
 * The chain as the Payment Kit needs it: read balances and allowances, sign the vault's pulls
 * (without sending them, so the signed transaction is stored first), broadcast, and read what
 * a transaction did. One implementation talks JSON-RPC; tests run it against a local chain.
 */
export interface EvmChain {
  /** The chain id the endpoint serves. */
  chainId(): Promise<number>;
  tokenBalance(input: { token: Address; owner: Address }): Promise<bigint>;
  allowance(input: { token: Address; owner: Address; spender: Address }): Promise<bigint>;
  /** The vault's next nonce as the chain sees it, counting transactions still in the pool. */
  pendingNonce(address: Address): Promise<number>;
  /** What a transaction pays for gas now; read before signing, so signing needs no network. */
  feesPerGas(): Promise<FeesPerGas>;
  signPull(input: {
    vaultKey: Hex;
    token: Address;
    from: Address;
    amount: bigint;
    nonce: number;
    fees: FeesPerGas;
  }): Promise<SignedTransaction>;
  /** The vault sending `amount` back to `to` (a refund), signed but not sent. */
  signRefund(input: {
    vaultKey: Hex;
    token: Address;
    to: Address;
    amount: bigint;
    nonce: number;
    fees: FeesPerGas;
  }): Promise<SignedTransaction>;
  /** Sends a signed transaction; one the chain already has is not an error. */
  broadcast(raw: Hex): Promise<void>;
  /** Null while the transaction is not mined (or unknown to the chain). */
  minedTransaction(hash: Hex): Promise<MinedTransaction | null>;
}

export interface EvmChains {
  connect(endpoint: EvmEndpoint): EvmChain;
}

export function vaultAddress(vaultKey: Hex): Address {
  return privateKeyToAccount(vaultKey).address;
}

/** Gas for one ERC-20 transfer or transferFrom, with room for tokens that do a little more. */
const TOKEN_CALL_GAS = 120_000n;

/** Nodes answer a transaction they already hold in one of these ways. */
const ALREADY_KNOWN = /already known|known transaction|nonce too low|already imported/i;

/** A call of the token contract by the vault, signed offline with the given nonce and fees. */
async function signTokenCall(
  chainId: number,
  input: { vaultKey: Hex; token: Address; nonce: number; fees: FeesPerGas },
  data: (vault: Address) => Hex,
): Promise<SignedTransaction> {
  const vault = privateKeyToAccount(input.vaultKey);
  const raw = await vault.signTransaction({
    chainId,
    type: 'eip1559',
    to: input.token,
    nonce: input.nonce,
    gas: TOKEN_CALL_GAS,
    // Room for the base fee to double before the transaction would wait.
    maxFeePerGas: input.fees.maxFeePerGas * 2n,
    maxPriorityFeePerGas: input.fees.maxPriorityFeePerGas,
    data: data(vault.address),
  });
  return { hash: keccak256(raw), raw };
}

function jsonRpcChain(client: PublicClient, chainId: number): EvmChain {
  return {
    chainId: () => client.getChainId(),
    tokenBalance: ({ token, owner }) =>
      client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
    allowance: ({ token, owner, spender }) =>
      client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner, spender],
      }),
    pendingNonce: (address) => client.getTransactionCount({ address, blockTag: 'pending' }),
    feesPerGas: async () => {
      const fees = await client.estimateFeesPerGas();
      return { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
    },
    signPull: ({ vaultKey, token, from, amount, nonce, fees }) =>
      signTokenCall(chainId, { vaultKey, token, nonce, fees }, (vault) =>
        encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [from, vault, amount] }),
      ),
    signRefund: ({ vaultKey, token, to, amount, nonce, fees }) =>
      signTokenCall(chainId, { vaultKey, token, nonce, fees }, () =>
        encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
      ),
    async broadcast(raw) {
      try {
        await client.sendRawTransaction({ serializedTransaction: raw });
      } catch (error) {
        if (!ALREADY_KNOWN.test(String(error))) throw error;
      }
    },
    async minedTransaction(hash) {
      const receipt = await client.getTransactionReceipt({ hash }).catch(() => null);
      if (!receipt) return null;
      // viem caches the block number for seconds; confirmations must count the newest block.
      const head = await client.getBlockNumber({ cacheTime: 0 });
      const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs }).map(
        (log) => ({
          token: getAddress(log.address),
          from: log.args.from,
          to: log.args.to,
          value: log.args.value,
        }),
      );
      return {
        status: receipt.status,
        blockNumber: receipt.blockNumber,
        confirmations: head - receipt.blockNumber + 1n,
        transfers,
        gasUsed: receipt.gasUsed,
        gasPrice: receipt.effectiveGasPrice,
      };
    },
  };
}

/** Chains over JSON-RPC, one client per endpoint, made on first use. */
export function createEvmChains(): EvmChains {
  const chains = new Map<string, EvmChain>();
  return {
    connect({ chainId, rpcUrl }) {
      const key = `${chainId}:${rpcUrl}`;
      let chain = chains.get(key);
      if (!chain) {
        chain = jsonRpcChain(createPublicClient({ transport: http(rpcUrl, { retryCount: 1 }) }), chainId);
        chains.set(key, chain);
      }
      return chain;
    },
  };
}

/** The transfer a payment expects, found among what a transaction did. */
export function paysExactly(
  transfers: readonly TokenTransfer[],
  expected: { token: Address; from: Address | null; to: Address; amount: bigint },
): TokenTransfer | undefined {
  return transfers.find(
    (transfer) =>
      isAddressEqual(transfer.token, expected.token) &&
      isAddressEqual(transfer.to, expected.to) &&
      (expected.from === null || isAddressEqual(transfer.from, expected.from)) &&
      transfer.value === expected.amount,
  );
}
