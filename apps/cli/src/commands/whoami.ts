import { accessTokenWhoamiSchema } from '@bazaar/schemas';
import type { CommandContext } from '../command-context.ts';
import { warnIfPlainHttp } from '../command-context.ts';
import { formatFields, formatTime } from '../output/format.ts';
import { callStore } from '../store/store-client.ts';

/** `bazaar whoami`: whom the access token speaks for, on which Store, with which scopes. */
export async function whoamiCommand(context: CommandContext): Promise<void> {
  const { store, token, tokenSource } = await context.connection.requireConnection();
  warnIfPlainHttp(context, store);
  const answer = await callStore({ store, token }, 'GET', '/cli/whoami', accessTokenWhoamiSchema);
  context.say(
    formatFields([
      ['Developer', `${answer.developer.username} (${answer.developer.did})`],
      ['Store', store],
      ['Developer since', formatTime(answer.developer.developerSince)],
      [
        'Token',
        `${answer.tokenId} (from ${tokenSource === 'BAZAAR_TOKEN' ? 'BAZAAR_TOKEN' : context.connection.configPath})`,
      ],
      ['Scopes', answer.scopes.join(', ')],
    ]),
  );
}
