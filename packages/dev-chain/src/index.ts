export { startDevChain, type DevAccount, type DevChain, type DevChainOptions } from './dev-chain.ts';
export { TEST_TOKEN_ABI } from './test-token-artifact.ts';
