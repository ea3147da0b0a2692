import type { Emit } from './events.ts';
import type { FormFields } from './form-body.ts';
import type { Store } from './store.ts';

/**
 * Who is calling: the merchant's server (a secret or restricted key) or the payer's browser
 * (a publishable key, which only reaches an intent through its client secret).
 */
export type Access = 'secret' | 'publishable';

/** What an endpoint's handler gets. */
export interface ApiContext {
  store: Store;
  /** The body's (POST) or query's (GET) parameters, without the publishable `key`. */
  params: FormFields;
  access: Access;
  /** The `:id` of the path, '' when it has none. */
  id: string;
  /** The request's path, for the `url` of lists. */
  path: string;
  emit: Emit;
}

export interface ApiAnswer {
  status: number;
  body: object;
}

export type Handler = (context: ApiContext) => ApiAnswer;

export function ok(body: object): ApiAnswer {
  return { status: 200, body };
}
