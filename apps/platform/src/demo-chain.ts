import { startDevChain, type DevChain } from '@bazaar/dev-chain';
import { DEMO_CHAIN, deployDemoToken } from '@bazaar/payment-server';

/** Each development account but the vault (the first) and the token's deployer (the last) gets this much TUSD. */
const PAYER_TUSD = 1_000_000n * 10n ** BigInt(DEMO_CHAIN.decimals);

/**
 * The local Ethereum chain test mode pays on: Hardhat's development chain with the demo's test
 * token, and TUSD in the development accounts a payer imports into their wallet. It starts
 * empty on every start, as a test network would be reset.
 */
export async function startDemoChain(options: { port: number }): Promise<DevChain> {
  const chain = await startDevChain({ port: options.port, chainId: DEMO_CHAIN.chainId });
  try {
    const token = await deployDemoToken(chain);
    for (const account of chain.accounts.slice(1, -1))
      await chain.mintToken(token, account.address, PAYER_TUSD);
    return chain;
  } catch (error) {
    await chain.close();
    throw error;
  }
}
