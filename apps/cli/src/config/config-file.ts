/**
 * The CLI's own settings: which Store it is connected to, the access token, and as whom.
 *
 *   $XDG_CONFIG_HOME/bazaar/config.json   (else ~/.config/bazaar/config.json)
 *   { "store": "https://store.example.com", "token": "bzr_…", "developer": { "did": "…", "username": "…" } }
 *
 * The token is a secret: the file is written with mode 0600 (through a temporary file renamed
 * over it, so a crash never leaves half a file) in a folder of mode 0700, and a file others can
 * read is refused rather than used, as ssh does with keys.
 */
import { ACCESS_TOKEN_PATTERN } from '@bazaar/schemas';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { CliError } from '../cli-error.ts';

export const CONFIG_FILE_MODE = 0o600;
export const CONFIG_FOLDER_MODE = 0o700;

export const cliConfigSchema = z.object({
  /** The Store's address, without a trailing slash. */
  store: z.string().optional(),
  token: z.string().regex(ACCESS_TOKEN_PATTERN, 'Expected an access token (bzr_…)').optional(),
  developer: z.object({ did: z.string(), username: z.string() }).optional(),
});
export type CliConfig = z.infer<typeof cliConfigSchema>;

/** Where the config file is, from the environment (`XDG_CONFIG_HOME`, then `HOME`). */
export function configFilePath(env: Readonly<Record<string, string | undefined>>): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'bazaar', 'config.json');
}

/** Whether the file's permissions let anyone but its owner read or write it (not checked on Windows). */
function isExposed(mode: number): boolean {
  return process.platform !== 'win32' && (mode & 0o077) !== 0;
}

/** The config at `path`, or an empty one when there is none yet. */
export async function readConfigFile(path: string): Promise<CliConfig> {
  let mode: number;
  try {
    mode = (await stat(path)).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new CliError('CONFIG_UNREADABLE', `Cannot read ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (isExposed(mode)) {
    const octal = (mode & 0o777).toString(8).padStart(4, '0');
    throw new CliError(
      'CONFIG_INSECURE',
      `${path} holds an access token but other users may read it (mode ${octal}); it was not used`,
      { hint: `Run: chmod 600 ${path}` },
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new CliError('CONFIG_INVALID', `${path} is not JSON: ${(error as Error).message}`, {
      hint: 'Delete it and run bazaar connect again',
    });
  }
  const parsed = cliConfigSchema.safeParse(json);
  if (!parsed.success) {
    throw new CliError('CONFIG_INVALID', `${path} is not a bazaar config file`, {
      details: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      hint: 'Delete it and run bazaar connect again',
    });
  }
  return parsed.data;
}

/**
 * Writes the config: a new file of mode 0600 beside the old one, flushed, then renamed over it;
 * the folder is made (or narrowed) to 0700.
 */
export async function writeConfigFile(path: string, config: CliConfig): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true, mode: CONFIG_FOLDER_MODE });
  await chmod(folder, CONFIG_FOLDER_MODE);
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(temporary, 'wx', CONFIG_FILE_MODE);
    try {
      await handle.writeFile(`${JSON.stringify(cliConfigSchema.parse(config), null, 2)}\n`, 'utf8');
      await handle.chmod(CONFIG_FILE_MODE);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw new CliError('CONFIG_UNWRITABLE', `Cannot write ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
