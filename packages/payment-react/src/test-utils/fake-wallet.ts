import type { ChainContext, ErrorCode, SessionUser } from '@bazaar/schemas';
import { WalletApiError, WalletMismatchError } from '@bazaar/wallet';
import type { WalletProvider } from '@bazaar/wallet';
import type { ChainWallet } from '../provider/chain-wallet.ts';
import { PAYER, TX_HASH } from './chain-builders.ts';
import { SIGNED_IN_USER } from './render-checkout.tsx';

/** The person declining in their wallet. */
class WalletRejection extends Error {}

/** What the fake wallet does when asked: succeed, or one of a real wallet's refusals. */
export type FakeWalletAnswer =
  'ok' | 'reject' | 'mismatch' | { status: number; code: ErrorCode; message: string };

export interface FakeWalletOptions {
  /** False: the browser has no wallet. */
  hasWallet?: boolean;
  /** Answers to binding, in order; the last repeats. */
  bind?: FakeWalletAnswer[];
  /** Answers to sending a payment, in order; the last repeats. */
  send?: FakeWalletAnswer[];
  receipt?: 'success' | 'reverted';
  /** The wallet waits for the person (`release()`) before it answers the first send. */
  isSendHeld?: boolean;
}

// The fake's calls never reach the provider; it only has to be there, as the browser's would be.
const PROVIDER = {
  request: () => Promise.reject(new Error('Not a real wallet')),
} as unknown as WalletProvider;

function answerOf(answers: FakeWalletAnswer[], index: number): FakeWalletAnswer {
  return answers[Math.min(index, answers.length - 1)] ?? 'ok';
}

function refuse(answer: Exclude<FakeWalletAnswer, 'ok'>): never {
  if (answer === 'reject') throw new WalletRejection('User rejected the request.');
  if (answer === 'mismatch') throw new WalletMismatchError(PAYER, `0x${'12'.repeat(20)}`);
  throw new WalletApiError(answer.status, answer.code, answer.message);
}

/**
 * The payer's browser wallet, the one stand-in chain payments need in component tests (the
 * journeys in tests/e2e use a real wallet on a real chain). It records what it was asked.
 */
export function createFakeWallet({
  hasWallet = true,
  bind = ['ok'],
  send = ['ok'],
  receipt = 'success',
  isSendHeld = false,
}: FakeWalletOptions = {}) {
  let release = () => {};
  const held = isSendHeld ? new Promise<void>((resolve) => (release = resolve)) : null;
  const calls = {
    bind: [] as { userServiceBase: string; statement: string }[],
    send: [] as ChainContext[],
    receipt: [] as string[],
  };
  const wallet: ChainWallet = {
    injectedProvider: () => (hasWallet ? PROVIDER : null),
    bindWallet: async (_provider, input): Promise<SessionUser> => {
      const answer = answerOf(bind, calls.bind.push(input) - 1);
      if (answer !== 'ok') refuse(answer);
      return { ...SIGNED_IN_USER, walletAddress: PAYER };
    },
    sendChainPayment: async (_provider, context) => {
      const answer = answerOf(send, calls.send.push(context) - 1);
      await held;
      if (answer !== 'ok') refuse(answer);
      return TX_HASH as `0x${string}`;
    },
    waitForReceipt: async (_provider, hash) => {
      calls.receipt.push(hash);
      return receipt;
    },
    isUserRejection: (error) => error instanceof WalletRejection,
    WalletMismatchError,
    WalletApiError,
  };
  return { wallet, calls, release: () => release() };
}
