import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import solc from 'solc';

const SOURCE_NAME = 'contracts/TestToken.sol';
const PACKAGE_ROOT = new URL('../', import.meta.url);
const require = createRequire(import.meta.url);

type SolcOutput = {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
};

export type CompiledTestToken = { abi: unknown[]; bytecode: `0x${string}` };

/** Compiles contracts/TestToken.sol with the pinned solc-js, OpenZeppelin read from node_modules. */
export function compileTestToken(): CompiledTestToken {
  const input = {
    language: 'Solidity',
    sources: { [SOURCE_NAME]: { content: readFileSync(new URL(SOURCE_NAME, PACKAGE_ROOT), 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { [SOURCE_NAME]: { TestToken: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: readImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  const contract = output.contracts?.[SOURCE_NAME]?.TestToken;
  if (errors.length > 0 || !contract) {
    throw new Error(
      `TestToken failed to compile:\n${errors.map((error) => error.formattedMessage).join('\n')}`,
    );
  }
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

/** solc asks for every import by its full source name (`@openzeppelin/contracts/…`), which Node resolves. */
function readImport(sourceName: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(require.resolve(sourceName), 'utf8') };
  } catch (error) {
    return { error: String(error) };
  }
}
