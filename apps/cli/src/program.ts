import { isBundleError } from '@bazaar/bundle';
import { Command, CommanderError, Option } from 'commander';
import cliPackage from '../package.json' with { type: 'json' };
import { CliError, EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './cli-error.ts';
import type { CliIo } from './cli-io.ts';
import { createCommandContext, type CommandContext } from './command-context.ts';
import { bundleCommand } from './commands/bundle.ts';
import { connectCommand } from './commands/connect.ts';
import { downloadCommand } from './commands/download.ts';
import { initCommand } from './commands/init.ts';
import { logoutCommand } from './commands/logout.ts';
import { publishCommand } from './commands/publish.ts';
import { statusCommand } from './commands/status.ts';
import { uploadCommand } from './commands/upload.ts';
import { whoamiCommand } from './commands/whoami.ts';

const ENVIRONMENT_HELP = `
Environment:
  BAZAAR_STORE     the store's address when --store is not given
  BAZAAR_TOKEN     an access token to use instead of the connected one (CI)
  XDG_CONFIG_HOME  where the config file is: $XDG_CONFIG_HOME/bazaar/config.json
                   (default ~/.config/bazaar/config.json)

Exit codes: 0 done, 1 failed, 2 wrong usage.`;

const storeOption = () =>
  new Option('--store <url>', 'the store’s address (default: BAZAAR_STORE, then the connected store)');

/** The `bazaar` program; each command's action gets a fresh context. */
function createProgram(io: CliIo): Command {
  const program = new Command('bazaar');
  program
    .description(
      'Connect to a Bazaar Store, make an app, bundle, upload and publish it; download an app, verified.',
    )
    .version(cliPackage.version, '-v, --version')
    .enablePositionalOptions()
    .addOption(storeOption())
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .addHelpText('after', ENVIRONMENT_HELP)
    .showHelpAfterError('(bazaar --help lists the commands)')
    .exitOverride();

  const context = (command: Command): CommandContext =>
    createCommandContext(io, (command.optsWithGlobals() as { store?: string }).store);

  program
    .command('connect')
    .description('connect this terminal to a store: approve it in the browser, and the access token is saved')
    .argument('[store-url]', 'the store’s address (default: --store, BAZAAR_STORE, then the connected store)')
    .option('--no-open', 'print the approval page’s address without opening a browser')
    .action(async (storeUrl: string | undefined, options: { open: boolean }, command: Command) =>
      connectCommand(context(command), { storeUrl, open: options.open }),
    );
  program
    .command('whoami')
    .description('show whom the access token speaks for, on which store, with which scopes')
    .action(async (_options: unknown, command: Command) => whoamiCommand(context(command)));
  program
    .command('logout')
    .description('remove the access token from the config file')
    .action(async (_options: unknown, command: Command) => logoutCommand(context(command)));
  program
    .command('init')
    .description('make the current folder an app: bazaar.json and a new app key in .bazaar/app-key.json')
    .option('--name <name>', 'the app’s name: letters, - and _ (default: the folder’s name)')
    .option('--title <title>', 'the app’s title (default: its name)')
    .option('--description <text>', 'what the app does')
    .option('-y, --yes', 'take the defaults for what is not given, without asking', false)
    .option('--force', 'write bazaar.json again (an existing app key is always kept)', false)
    .action(
      async (
        options: { name?: string; title?: string; description?: string; yes: boolean; force: boolean },
        command: Command,
      ) => initCommand(context(command), options),
    );
  program
    .command('bundle')
    .description('bundle the app into .bazaar/release/{name}-{version}.tgz, signed with its key')
    .action(async (_options: unknown, command: Command) => bundleCommand(context(command)));
  program
    .command('upload')
    .description(
      'upload a bundle to the store (default: the bundle of bazaar.json’s version, made if missing)',
    )
    .argument('[file]', 'the bundle to upload')
    .action(async (file: string | undefined, _options: unknown, command: Command) =>
      uploadCommand(context(command), { file }),
    );
  program
    .command('publish')
    .description('publish an uploaded version (default: bazaar.json’s version)')
    .argument('[version]', 'the version to publish')
    .option('--did <did>', 'the app’s DID (default: the key in .bazaar/app-key.json)')
    .action(async (version: string | undefined, options: { did?: string }, command: Command) =>
      publishCommand(context(command), { version, did: options.did }),
    );
  program
    .command('status')
    .description('list the app’s versions on the store and their review status')
    .option('--did <did>', 'the app’s DID (default: the key in .bazaar/app-key.json)')
    .action(async (options: { did?: string }, command: Command) => statusCommand(context(command), options));
  program
    .command('download')
    .description(
      'download an app’s bundle, verify its sha512, its signature by the app’s key and every file, then write it',
    )
    .argument('<did>', 'the app’s DID (did:key:z6Mk…)')
    .option('--version <version>', 'the version to download (default: the published one)')
    .option('--out <path>', 'the file to write, or a folder for {name}-{version}.tgz (default: here)')
    .option('--licence <token>', 'a paid app’s licence, the receipt of its purchase (or BAZAAR_LICENCE)')
    .action(
      async (did: string, options: { version?: string; out?: string; licence?: string }, command: Command) =>
        downloadCommand(context(command), {
          did,
          version: options.version,
          out: options.out,
          licence: options.licence,
        }),
    );
  // The program's options stop at the command's name, so `download --version 1.2.3` names the
  // app's version rather than asking for the CLI's; --store is each command's as well as the program's.
  for (const command of program.commands) command.addOption(storeOption());
  return program;
}

function printError(io: CliIo, error: CliError): void {
  const lines = [`Error [${error.code}]: ${error.message}`];
  for (const detail of error.details)
    lines.push(`  ${detail.path ? `${detail.path}: ` : ''}${detail.message}`);
  if (error.hint) lines.push(error.hint);
  io.stderr.write(`${lines.join('\n')}\n`);
}

/** The bundle package's refusals carry their own stable codes (BUNDLE_MANIFEST_INVALID, …). */
function asCliError(error: unknown): CliError | null {
  if (error instanceof CliError) return error;
  if (isBundleError(error)) return new CliError(error.code, error.message, { details: error.details });
  return null;
}

/**
 * Runs `bazaar` with `argv` (without the node and script paths) and answers the exit code:
 * 0 done, 1 the command failed (a `Error [CODE]: message` line on stderr), 2 wrong usage.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const program = createProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT_OK;
      return EXIT_USAGE;
    }
    const cliError = asCliError(error);
    if (cliError) {
      printError(io, cliError);
      return cliError.exitCode;
    }
    io.stderr.write(`Error [INTERNAL]: ${(error as Error)?.stack ?? String(error)}\n`);
    return EXIT_FAILURE;
  }
}
