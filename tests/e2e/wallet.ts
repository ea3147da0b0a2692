import { createTestWallet, type TestWallet, type TestWalletOptions } from '@bazaar/wallet/test-wallet';
import type { BrowserContext } from 'playwright-core';

export interface InjectedWallet extends TestWallet {
  /** The methods the pages asked for, oldest first. */
  calls: string[];
  /**
   * The person reads the next prompts before answering: signing and sending wait until the
   * returned `confirm` is called, so a journey can look at the page meanwhile.
   */
  holdPrompts(): () => void;
}

type RequestArguments = { method: string; params?: unknown };
/** What crosses from Node to the page: a result, or the error with the EIP-1193 code viem reads. */
type BridgedAnswer = { result: unknown } | { error: { code: number; message: string } };

const BRIDGE = '__bazaarWalletRequest';
/** The calls a wallet shows the person before answering. */
const PROMPTS = new Set(['personal_sign', 'eth_sendTransaction']);
const INTERNAL_ERROR = -32603;

async function answer(wallet: TestWallet, request: RequestArguments): Promise<BridgedAnswer> {
  try {
    return { result: await wallet.request(request as Parameters<TestWallet['request']>[0]) };
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return { error: { code: typeof code === 'number' ? code : INTERNAL_ERROR, message: String(message) } };
  }
}

/**
 * A wallet in Node (`@bazaar/wallet/test-wallet`) as every page of `context` sees a browser
 * extension: `window.ethereum` (EIP-1193) defined before the page's own scripts run, each
 * `request` answered in Node. A refusal comes back with its code (4001 declined, 4902 unknown
 * chain), so the page's viem recognises it as it would a real wallet's.
 */
export async function injectWallet(
  context: BrowserContext,
  options: TestWalletOptions,
): Promise<InjectedWallet> {
  const wallet = createTestWallet(options);
  const calls: string[] = [];
  let prompted = Promise.resolve();
  await context.exposeFunction(BRIDGE, async (request: RequestArguments) => {
    calls.push(request.method);
    if (PROMPTS.has(request.method)) await prompted;
    return answer(wallet, request);
  });
  await context.addInitScript((bridge) => {
    const bridged = window as unknown as Record<
      string,
      (request: RequestArguments) => Promise<BridgedAnswer>
    >;
    Object.assign(window, {
      ethereum: {
        isMetaMask: false,
        async request({ method, params }: RequestArguments) {
          const reply = await bridged[bridge]!({ method, params });
          if ('error' in reply)
            throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
          return reply.result;
        },
        on() {},
        removeListener() {},
      },
    });
  }, BRIDGE);
  return {
    ...wallet,
    calls,
    holdPrompts() {
      let confirm!: () => void;
      prompted = new Promise((resolve) => (confirm = resolve));
      return confirm;
    },
  };
}
