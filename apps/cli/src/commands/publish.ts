import type { CommandContext } from '../command-context.ts';
import { warnIfPlainHttp } from '../command-context.ts';
import { readAppKey, readManifestInput } from '../project/project.ts';
import { publishAnswerSchema } from '../store/app-contracts.ts';
import { callStore } from '../store/store-client.ts';

/** The app's DID: `--did`, else the project's key. */
export async function appDidOf(context: CommandContext, did: string | undefined): Promise<string> {
  return did ?? (await readAppKey(context.io.cwd)).did;
}

/** `bazaar publish [version]`: publishes an uploaded version (bazaar.json's by default). */
export async function publishCommand(
  context: CommandContext,
  options: { version: string | undefined; did: string | undefined },
): Promise<void> {
  const { store, token } = await context.connection.requireConnection();
  warnIfPlainHttp(context, store);
  const did = await appDidOf(context, options.did);
  const version = options.version ?? (await readManifestInput(context.io.cwd)).version;
  const path = `/apps/${encodeURIComponent(did)}/versions/${encodeURIComponent(version)}/publish`;
  const answer = await callStore({ store, token }, 'POST', path, publishAnswerSchema, {});
  context.say(`${did} ${answer.version.version}: ${answer.version.status}.`);
}
