/**
 * Which Store a command talks to and with which token. Flags beat the environment, which beats
 * the config file:
 *   store: `--store` (or the connect command's argument), then BAZAAR_STORE, then the config's;
 *   token: BAZAAR_TOKEN, then the config's, and the config's only for the config's own Store, so
 *          `--store https://other` never sends the token to another server.
 * The config file is read only when the flags and environment leave something open.
 */
import { CliError, usageError } from '../cli-error.ts';
import type { CliIo } from '../cli-io.ts';
import { configFilePath, readConfigFile, type CliConfig } from './config-file.ts';

export interface Connection {
  store: string;
  token: string;
  tokenSource: 'BAZAAR_TOKEN' | 'config';
}

/** `https://store.example.com/` → `https://store.example.com`; a path (a Store mounted under one) is kept. */
export function normalizeStoreUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw usageError(
      'STORE_URL_INVALID',
      `Not a store address: ${input}`,
      'Give one like https://store.example.com',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw usageError(
      'STORE_URL_INVALID',
      `A store address starts with https:// or http://, not ${url.protocol}`,
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    throw usageError('STORE_URL_INVALID', 'A store address carries no user, password, query or fragment');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** True for http:// to anything but this machine, where a token would cross the network in clear. */
export function isPlainHttpToAnotherHost(store: string): boolean {
  const url = new URL(store);
  return url.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Resolves the Store and token once per command, reading the config file at most once. */
export class ConnectionResolver {
  readonly configPath: string;
  private readonly io: CliIo;
  private readonly storeFlag: string | undefined;
  private config: Promise<CliConfig> | undefined;

  constructor(io: CliIo, storeFlag: string | undefined) {
    this.io = io;
    this.storeFlag = storeFlag;
    this.configPath = configFilePath(io.env);
  }

  readConfig(): Promise<CliConfig> {
    this.config ??= readConfigFile(this.configPath);
    return this.config;
  }

  /** The Store's address, or null when neither flag, environment nor config names one. */
  async findStore(): Promise<string | null> {
    const given = this.storeFlag ?? (this.io.env.BAZAAR_STORE || undefined);
    if (given !== undefined) return normalizeStoreUrl(given);
    const { store } = await this.readConfig();
    return store ? normalizeStoreUrl(store) : null;
  }

  async requireStore(): Promise<string> {
    const store = await this.findStore();
    if (store === null) {
      throw usageError(
        'STORE_REQUIRED',
        'No store: pass its address with --store, set BAZAAR_STORE, or run bazaar connect <store-url>',
      );
    }
    return store;
  }

  /** The Store and a token for it when there is one; a command that works without a token sends one only then. */
  async findConnection(): Promise<{ store: string; connection: Connection | null }> {
    const store = await this.requireStore();
    const envToken = this.io.env.BAZAAR_TOKEN?.trim();
    if (envToken) return { store, connection: { store, token: envToken, tokenSource: 'BAZAAR_TOKEN' } };
    const config = await this.readConfig();
    if (config.token && config.store && normalizeStoreUrl(config.store) === store) {
      return { store, connection: { store, token: config.token, tokenSource: 'config' } };
    }
    return { store, connection: null };
  }

  /** The Store and a token for it, or NOT_CONNECTED. */
  async requireConnection(): Promise<Connection> {
    const { store, connection } = await this.findConnection();
    if (connection) return connection;
    throw new CliError('NOT_CONNECTED', `Not connected to ${store}`, {
      hint: `Run bazaar connect ${store}, or set BAZAAR_TOKEN to an access token`,
    });
  }
}
