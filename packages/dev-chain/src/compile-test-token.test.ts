import { expect, it } from 'vitest';
import { compileTestToken } from './compile-test-token.ts';
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from './test-token-artifact.ts';

it('the committed TestToken artifact is what contracts/TestToken.sol compiles to (npm run compile-token)', () => {
  expect(compileTestToken()).toEqual({ abi: TEST_TOKEN_ABI, bytecode: TEST_TOKEN_BYTECODE });
});
