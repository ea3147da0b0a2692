import {
  createWalletClient,
  hexToBigInt,
  http,
  numberToHex,
  type EIP1193RequestFn,
  type Hex,
  type RpcTransactionRequest,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { toViemChain } from './chain.ts';
import type { WalletProvider } from './provider.ts';

export interface TestWalletOptions {
  privateKey: Hex;
  /** The one chain the wallet can send on (a dev chain's JSON-RPC URL and id). */
  rpcUrl: string;
  chainId: number;
  /**
   * False makes the wallet start on Ethereum mainnet without this chain, answering a switch to
   * it with 4902 until a dapp adds it, as a wallet that never saw the chain does. Default true.
   */
  knowsChain?: boolean;
}

export interface TestWallet extends WalletProvider {
  address: Hex;
  /**
   * While true the person declines every prompt (code 4001): signing, sending, switching to
   * another chain, adding one. Sharing the account never prompts, as in a wallet connected before.
   */
  setRejecting(isRejecting: boolean): void;
}

const MAINNET_CHAIN_ID = 1;

function providerError(code: number, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * An EIP-1193 wallet in Node for tests and browser journeys: one local account that signs
 * messages and transactions itself, sending them to one chain, and forwards every other call
 * to that chain's node.
 */
export function createTestWallet(options: TestWalletOptions): TestWallet {
  const account = privateKeyToAccount(options.privateKey);
  const chain = toViemChain({ chainId: options.chainId, rpcUrl: options.rpcUrl, name: 'Test chain' });
  const client = createWalletClient({ account, chain, transport: http(options.rpcUrl) });
  let knowsChain = options.knowsChain ?? true;
  let selectedChainId = knowsChain ? options.chainId : MAINNET_CHAIN_ID;
  let isRejecting = false;

  function assertOwnAccount(address: string | undefined): void {
    if (address?.toLowerCase() !== account.address.toLowerCase()) {
      throw providerError(4100, `This wallet holds ${account.address} only`);
    }
  }

  async function sendTransaction(transaction: RpcTransactionRequest): Promise<Hex> {
    assertOwnAccount(transaction.from);
    if (selectedChainId !== options.chainId) {
      throw providerError(4901, `The wallet cannot send on chain ${selectedChainId}`);
    }
    return client.sendTransaction({
      to: transaction.to ?? null,
      data: transaction.data,
      value: transaction.value === undefined ? undefined : hexToBigInt(transaction.value),
      gas: transaction.gas === undefined ? undefined : hexToBigInt(transaction.gas),
    });
  }

  function askPerson(): void {
    if (isRejecting) throw providerError(4001, 'User rejected the request.');
  }

  async function request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [account.address];
      case 'eth_chainId':
        return numberToHex(selectedChainId);
      case 'personal_sign': {
        const [message, address] = params as [Hex, Hex];
        assertOwnAccount(address);
        askPerson();
        return account.signMessage({ message: { raw: message } });
      }
      case 'eth_sendTransaction': {
        const [transaction] = params as [RpcTransactionRequest];
        askPerson();
        return sendTransaction(transaction);
      }
      case 'wallet_switchEthereumChain': {
        const [{ chainId }] = params as [{ chainId: Hex }];
        const id = Number(chainId);
        if (id === selectedChainId) return null;
        if (id !== MAINNET_CHAIN_ID && !(id === options.chainId && knowsChain)) {
          throw providerError(4902, `Unrecognized chain ID ${chainId}. Try adding the chain first.`);
        }
        askPerson();
        selectedChainId = id;
        return null;
      }
      case 'wallet_addEthereumChain': {
        const [{ chainId }] = params as [{ chainId: Hex }];
        if (Number(chainId) !== options.chainId) {
          throw providerError(-32602, `This wallet can add chain ${options.chainId} only`);
        }
        askPerson();
        knowsChain = true;
        return null;
      }
      default:
        return client.request({ method, params } as Parameters<typeof client.request>[0]);
    }
  }

  return {
    address: account.address,
    request: request as EIP1193RequestFn,
    setRejecting(value) {
      isRejecting = value;
    },
  };
}
