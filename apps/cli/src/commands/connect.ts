import {
  CLI_CONNECT_HOSTNAME_MAX_LENGTH,
  CLI_CONNECT_POLL_INTERVAL_MS,
  CLI_CONNECT_TTL_SECONDS,
  cliConnectPollResponseSchema,
  createCliConnectResponseSchema,
  type CliConnectPayload,
} from '@bazaar/schemas';
import { CliError } from '../cli-error.ts';
import type { CommandContext } from '../command-context.ts';
import { warnIfPlainHttp } from '../command-context.ts';
import { writeConfigFile } from '../config/config-file.ts';
import { normalizeStoreUrl } from '../config/connection.ts';
import { newConnectKey, openSealedToken } from '../connect/connect-key.ts';
import { callStore } from '../store/store-client.ts';
import { INVALID_SESSION } from '../store/store-errors.ts';

/** The CLI stops waiting after the session's own lifetime. */
const WAIT_LIMIT_MS = CLI_CONNECT_TTL_SECONDS * 1000;
/** Polls that fail to reach the Store in a row before giving up (a blip of the network is forgiven). */
const UNREACHABLE_POLLS_ALLOWED = 5;

export interface ConnectOptions {
  /** The connect command's argument; beats `--store`. */
  storeUrl: string | undefined;
  /** Open the approval page in the browser (`--no-open`: only print it). */
  open: boolean;
}

/** The machine's name as the page shows it: no control characters, at most 64 characters. */
function displayHostname(name: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  const clean = Array.from(name.replace(/[\u0000-\u001f\u007f]/g, '').trim())
    .slice(0, CLI_CONNECT_HOSTNAME_MAX_LENGTH)
    .join('')
    .trim();
  return clean || undefined;
}

/**
 * `bazaar connect [store-url]`: opens a connect session with a fresh key, shows (and opens) the
 * page to approve it on, waits for the approval, opens the sealed token with the key and saves
 * it in the config file.
 */
export async function connectCommand(context: CommandContext, options: ConnectOptions): Promise<void> {
  const { io } = context;
  const store = options.storeUrl
    ? normalizeStoreUrl(options.storeUrl)
    : await context.connection.requireStore();
  warnIfPlainHttp(context, store);
  const key = newConnectKey();
  const session = await callStore({ store }, 'POST', '/cli/connect', createCliConnectResponseSchema, {
    publicKey: key.publicKey,
    client: 'cli',
    hostname: displayHostname(io.hostname()),
  });
  const approveUrl = `${store}${session.approveUrl}`;
  context.say(
    [
      'To connect this terminal, approve it in your browser:',
      '',
      `  ${approveUrl}`,
      '',
      `Verification code: ${session.verificationCode} (the page shows the same)`,
      'Waiting for approval (at most 10 minutes; Ctrl-C to stop)…',
    ].join('\n'),
  );
  if (options.open) {
    try {
      await io.openUrl(approveUrl);
    } catch {
      context.warn('Could not open a browser: open the address above yourself.');
    }
  }
  const payload = await waitForApproval(context, {
    store,
    id: session.id,
    pollSecret: session.pollSecret,
    key,
  });
  const path = context.connection.configPath;
  const config = await context.connection.readConfig().catch(() => ({}));
  await writeConfigFile(path, { ...config, store, token: payload.token, developer: payload.developer });
  context.say(
    `Connected to ${store} as ${payload.developer.username} (${payload.developer.did}).\n` +
      `The access token is saved in ${path}.`,
  );
}

async function waitForApproval(
  context: CommandContext,
  input: { store: string; id: string; pollSecret: string; key: ReturnType<typeof newConnectKey> },
): Promise<CliConnectPayload> {
  const { io } = context;
  const deadline = io.now() + WAIT_LIMIT_MS;
  const path = `/cli/connect/${input.id}?secret=${encodeURIComponent(input.pollSecret)}`;
  let unreachablePolls = 0;
  while (io.now() < deadline) {
    await io.sleep(CLI_CONNECT_POLL_INTERVAL_MS);
    let answer;
    try {
      answer = await callStore({ store: input.store }, 'GET', path, cliConnectPollResponseSchema);
    } catch (error) {
      if (error instanceof CliError && error.code === 'STORE_UNREACHABLE') {
        unreachablePolls += 1;
        if (unreachablePolls < UNREACHABLE_POLLS_ALLOWED) continue;
      }
      throw error;
    }
    unreachablePolls = 0;
    switch (answer.status) {
      case 'pending':
        continue;
      case 'approved':
        return openSealedToken(answer.sealed, input.key, input.id);
      case 'denied':
        throw new CliError('CONNECT_DENIED', 'The connection was denied in the browser; nothing was saved');
      case 'expired':
        throw new CliError(
          'CONNECT_SESSION_INVALID',
          `${INVALID_SESSION}: the connection was not approved in time`,
          {
            hint: 'Use the connect command again: bazaar connect',
          },
        );
    }
  }
  throw new CliError(
    'CONNECT_SESSION_INVALID',
    `${INVALID_SESSION}: the connection was not approved in time`,
    {
      hint: 'Use the connect command again: bazaar connect',
    },
  );
}
