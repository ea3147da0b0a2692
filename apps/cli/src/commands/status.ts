import type { CommandContext } from '../command-context.ts';
import { warnIfPlainHttp } from '../command-context.ts';
import { formatBytes, formatTable, formatTime } from '../output/format.ts';
import { versionsAnswerSchema } from '../store/app-contracts.ts';
import { callStore } from '../store/store-client.ts';
import { appDidOf } from './publish.ts';

/** `bazaar status`: the app's versions on the Store, newest first, as a table. */
export async function statusCommand(
  context: CommandContext,
  options: { did?: string | undefined },
): Promise<void> {
  const { store, token } = await context.connection.requireConnection();
  warnIfPlainHttp(context, store);
  const did = await appDidOf(context, options.did);
  const answer = await callStore(
    { store, token },
    'GET',
    `/apps/${encodeURIComponent(did)}/versions`,
    versionsAnswerSchema,
  );
  context.say(`${answer.app.name} (${answer.app.did}) on ${store}`);
  if (answer.versions.length === 0) {
    context.say('No versions uploaded yet.');
    return;
  }
  context.say(
    formatTable(
      ['VERSION', 'STATUS', 'UPLOADED', 'PUBLISHED', 'SIZE'],
      answer.versions.map((version) => [
        version.version,
        version.status,
        formatTime(version.uploadedAt),
        formatTime(version.publishedAt),
        version.size === undefined ? '-' : formatBytes(version.size).split(' (')[0]!,
      ]),
    ),
  );
}
