import type { CommandContext } from '../command-context.ts';
import { writeConfigFile } from '../config/config-file.ts';

/**
 * `bazaar logout`: removes the access token (and who it was for) from the config file, keeping
 * the Store's address. The token itself stays valid on the Store until it is deleted there.
 */
export async function logoutCommand(context: CommandContext): Promise<void> {
  const path = context.connection.configPath;
  const { token, developer, ...rest } = await context.connection.readConfig();
  if (token === undefined) {
    context.say(`Not connected: there is no access token in ${path}.`);
  } else {
    await writeConfigFile(path, rest);
    const where = rest.store ? `${rest.store}/developer/access-tokens` : 'the store’s Access tokens page';
    context.say(
      `Logged out${developer ? ` ${developer.username}` : ''}: the access token was removed from ${path}.\n` +
        `It still works until you delete it at ${where}.`,
    );
  }
  if (context.io.env.BAZAAR_TOKEN) context.warn('BAZAAR_TOKEN is still set in the environment.');
}
