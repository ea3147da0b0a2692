import type { CliIo } from './cli-io.ts';
import { ConnectionResolver, isPlainHttpToAnotherHost } from './config/connection.ts';

/** What every command gets: the world, and the Store and token it resolves to. */
export interface CommandContext {
  io: CliIo;
  connection: ConnectionResolver;
  /** A line (or lines) on stdout. */
  say(text: string): void;
  /** A warning on stderr. */
  warn(text: string): void;
}

export function createCommandContext(io: CliIo, storeFlag: string | undefined): CommandContext {
  return {
    io,
    connection: new ConnectionResolver(io, storeFlag),
    say: (text) => io.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    warn: (text) => io.stderr.write(`Warning: ${text}\n`),
  };
}

/** Warns once per command when a token is about to cross the network unencrypted. */
export function warnIfPlainHttp(context: CommandContext, store: string): void {
  if (isPlainHttpToAnotherHost(store)) {
    context.warn(`${store} is plain http: the access token crosses the network unencrypted. Use https.`);
  }
}
