/** `@bazaar/cli`: the `bazaar` command, runnable in-process (tests, other tools) with its own world. */
export { CliError, EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './cli-error.ts';
export { processIo, type CliIo, type CliOutput } from './cli-io.ts';
export { configFilePath, readConfigFile, writeConfigFile, type CliConfig } from './config/config-file.ts';
export { runCli } from './program.ts';
export type { Progress } from './output/progress.ts';
export { uploadBundleFile } from './store/upload-bundle.ts';
