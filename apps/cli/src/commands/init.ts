import {
  APP_KEY_FILE_PATH,
  appNameSchema,
  generateAppKey,
  parseAppKeyFile,
  serializeAppKeyFile,
  type AppKey,
} from '@bazaar/bundle';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CliError, usageError } from '../cli-error.ts';
import type { CommandContext } from '../command-context.ts';
import { PROJECT_FILE } from '../project/project.ts';

export interface InitOptions {
  name?: string;
  title?: string;
  description?: string;
  /** Take the defaults for anything not given, without asking. */
  yes: boolean;
  /** Write bazaar.json over an existing one. */
  force: boolean;
}

const KEY_FILE_MODE = 0o600;
const INITIAL_VERSION = '0.1.0';
const IGNORED_FOLDER = '.bazaar/';

/** An app name from the folder's: letters, `-` and `_` only (what the manifest allows), at most 32. */
export function nameFromFolder(folder: string): string {
  const name = basename(folder)
    .replace(/[^A-Za-z_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32);
  return name || 'my-app';
}

async function exists(path: string): Promise<boolean> {
  try {
    await readFile(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Adds `.bazaar/` to the folder's .gitignore when it has one and does not ignore it yet. */
async function ignoreKeyFolder(folder: string): Promise<boolean> {
  const path = join(folder, '.gitignore');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return false;
  }
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  if (lines.some((line) => ['.bazaar', '.bazaar/', '/.bazaar', '/.bazaar/'].includes(line))) return false;
  await writeFile(path, `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${IGNORED_FOLDER}\n`);
  return true;
}

/**
 * `bazaar init`: makes the current folder an app: `bazaar.json` (the manifest's fields) and a new
 * app key in `.bazaar/app-key.json` (mode 0600). Asks for the name and title on a terminal
 * unless they are given or `--yes` says to take the defaults; never asks otherwise (CI).
 * Refuses to write over bazaar.json unless `--force`, and never replaces an existing key: a new
 * key is a new app.
 */
export async function initCommand(context: CommandContext, options: InitOptions): Promise<void> {
  const { io } = context;
  const folder = io.cwd;
  const projectPath = join(folder, PROJECT_FILE);
  const keyPath = join(folder, APP_KEY_FILE_PATH);
  if ((await exists(projectPath)) && !options.force) {
    throw new CliError('PROJECT_EXISTS', `${PROJECT_FILE} already exists in ${folder}`, {
      hint: 'Pass --force to write it again (the app key is kept)',
    });
  }
  const ask = async (question: string, given: string | undefined, fallback: string) =>
    given ?? (options.yes ? fallback : ((await io.prompt(question, fallback)) ?? fallback));

  const name = await ask('App name (letters, - and _):', options.name, nameFromFolder(folder));
  if (!appNameSchema.safeParse(name).success) {
    throw usageError(
      'APP_NAME_INVALID',
      `"${name}" is not an app name: letters, hyphen and underscore only, 1 to 32`,
    );
  }
  const title = (await ask('Title:', options.title, name)).trim() || name;
  const description = (options.description ?? `${title}, an app for Bazaar`).trim();

  let key: AppKey;
  let isNewKey = false;
  if (await exists(keyPath)) {
    key = parseAppKeyFile(await readFile(keyPath, 'utf8'));
  } else {
    key = generateAppKey();
    isNewKey = true;
    await mkdir(dirname(keyPath), { recursive: true, mode: 0o700 });
    await writeFile(keyPath, serializeAppKeyFile(key), { mode: KEY_FILE_MODE, flag: 'wx' });
  }
  const manifest = {
    name,
    title,
    version: INITIAL_VERSION,
    description,
    license: 'UNLICENSED',
    keywords: [],
  };
  await writeFile(projectPath, `${JSON.stringify(manifest, null, 2)}\n`);
  const isIgnored = await ignoreKeyFolder(folder);

  context.say(
    [
      `Wrote ${PROJECT_FILE} for ${name} ${INITIAL_VERSION}.`,
      isNewKey
        ? `Made a new app key in ${APP_KEY_FILE_PATH} (keep it secret; it is never bundled).`
        : `Kept the existing app key in ${APP_KEY_FILE_PATH}.`,
      `App DID: ${key.did}`,
      ...(isIgnored ? [`Added ${IGNORED_FOLDER} to .gitignore.`] : []),
      'Next: bazaar bundle, then bazaar upload.',
    ].join('\n'),
  );
}
