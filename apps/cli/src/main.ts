/** The `bazaar` command's entry (`bin/bazaar.js` imports it). */
import { processIo } from './cli-io.ts';
import { runCli } from './program.ts';

process.exitCode = await runCli(process.argv.slice(2), processIo());
