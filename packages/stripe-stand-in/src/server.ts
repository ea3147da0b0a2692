import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { invalidParam, StripeApiError, unrecognizedUrl } from './api-error.ts';
import { authenticate } from './auth.ts';
import type { ApiAnswer, ApiContext } from './context.ts';
import { emitterFor } from './events.ts';
import { FormBodyError, parseFormBody, type FormFields } from './form-body.ts';
import { newRequestId } from './ids.ts';
import type { IdempotencyStore } from './idempotency.ts';
import { API_VERSION } from './objects.ts';
import { findRoute, type Route } from './routes.ts';
import type { Store } from './store.ts';
import type { WebhookDispatcher } from './webhooks.ts';

export interface ServerParts {
  store: Store;
  webhooks: WebhookDispatcher;
  idempotency: IdempotencyStore;
  /** Requests by "METHOD /v1/path-template". */
  counts: Map<string, number>;
}

interface Response {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** The browser calls the API cross-origin (through routeStripeJs), as it calls api.stripe.com. */
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    'Authorization, Content-Type, Idempotency-Key, Stripe-Version, Stripe-Account, X-Stripe-Client-User-Agent',
  'Access-Control-Expose-Headers':
    'Request-Id, Stripe-Version, Idempotency-Key, Idempotent-Replayed, Original-Request',
  'Access-Control-Max-Age': '300',
};

const BODY_LIMIT = 1024 * 1024;

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) throw invalidParam('body', 'Request body too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function json(body: object): string {
  return JSON.stringify(body, null, 2);
}

function errorAnswer(error: unknown): ApiAnswer {
  if (error instanceof StripeApiError) return { status: error.statusCode, body: error.toJSON() };
  // A bug in the stand-in: answered as Stripe answers its own failures, and shown in the test output.
  console.error('stripe-stand-in: internal error', error);
  return {
    status: 500,
    body: { error: { type: 'api_error', message: `The Stripe stand-in failed: ${String(error)}` } },
  };
}

/** Stripe's v1 API only takes form-encoded bodies. */
function parseParams(method: string, url: URL, body: string, contentType: string | undefined): FormFields {
  const isForm = !contentType || contentType.startsWith('application/x-www-form-urlencoded');
  if (method === 'POST' && body !== '' && !isForm) {
    throw invalidParam(
      'body',
      `Invalid request: unsupported Content-Type ${contentType}. If error persists and you need assistance, please contact support@stripe.com.`,
    );
  }
  try {
    return parseFormBody(method === 'GET' ? url.search.slice(1) : body);
  } catch (error) {
    if (error instanceof FormBodyError) throw invalidParam('body', error.message);
    throw error;
  }
}

function headerOf(request: http.IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Runs the endpoint's handler. `keep`: it got far enough that Stripe keeps its answer for the
 * idempotency key (a refused parameter is not kept, so a corrected retry with the key runs).
 */
function runHandler(route: Route, context: ApiContext): { answer: ApiAnswer; keep: boolean } {
  try {
    return { answer: route.handler(context), keep: true };
  } catch (error) {
    return { answer: errorAnswer(error), keep: !(error instanceof StripeApiError && error.beforeExecution) };
  }
}

function countRequest(parts: ServerParts, method: string, template: string): void {
  const key = `${method} ${template}`;
  parts.counts.set(key, (parts.counts.get(key) ?? 0) + 1);
}

/** Runs one API request: the endpoint's handler, or the first answer again for a retried idempotency key. */
async function answer(
  parts: ServerParts,
  request: http.IncomingMessage,
  requestId: string,
): Promise<Response> {
  const method = request.method ?? 'GET';
  const url = new URL(request.url ?? '/', 'http://stand-in');
  const endpoint = `${method} ${url.pathname}`;
  const found = findRoute(method, url.pathname);
  countRequest(parts, method, found?.route.template ?? url.pathname);
  const idempotencyKey = method === 'POST' ? headerOf(request, 'idempotency-key') : undefined;
  const headers: Record<string, string> = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {};
  try {
    const body = await readBody(request);
    if (!found) throw unrecognizedUrl(method, url.pathname);
    const params = parseParams(method, url, body, headerOf(request, 'content-type'));
    const access = authenticate(headerOf(request, 'authorization'), params, found.route.keys);
    const replay = idempotencyKey ? parts.idempotency.replayFor(idempotencyKey, endpoint, params) : null;
    if (replay) {
      const replayed = { 'Idempotent-Replayed': 'true', 'Original-Request': replay.requestId };
      return { status: replay.status, body: replay.body, headers: { ...headers, ...replayed } };
    }
    const emit = emitterFor(parts.store, parts.webhooks.sink, {
      id: requestId,
      idempotency_key: idempotencyKey ?? null,
    });
    const context: ApiContext = {
      store: parts.store,
      params,
      access,
      id: found.id,
      path: url.pathname,
      emit,
    };
    const ran = runHandler(found.route, context);
    const text = json(ran.answer.body);
    if (idempotencyKey && ran.keep) {
      parts.idempotency.remember(idempotencyKey, {
        endpoint,
        params,
        status: ran.answer.status,
        body: text,
        requestId,
      });
    }
    return { status: ran.answer.status, body: text, headers };
  } catch (error) {
    const failed = errorAnswer(error);
    return { status: failed.status, body: json(failed.body), headers };
  }
}

async function handleRequest(
  parts: ServerParts,
  request: http.IncomingMessage,
  response: http.ServerResponse,
) {
  const requestId = newRequestId();
  if (request.method === 'OPTIONS') {
    response.writeHead(204, CORS_HEADERS).end();
    return;
  }
  const answered = await answer(parts, request, requestId);
  response.writeHead(answered.status, {
    ...CORS_HEADERS,
    ...answered.headers,
    'Content-Type': 'application/json',
    'Cache-Control': 'no-cache, no-store',
    'Request-Id': requestId,
    'Stripe-Version': headerOf(request, 'stripe-version') ?? API_VERSION,
  });
  // Webhooks go out once the answer is on its way, as Stripe sends them after the API call.
  response.once('close', () => parts.webhooks.flush());
  response.end(answered.body);
}

export interface RunningServer {
  host: string;
  port: number;
  close(): Promise<void>;
}

export async function startServer(parts: ServerParts, port: number): Promise<RunningServer> {
  const host = '127.0.0.1';
  const server = http.createServer((request, response) => void handleRequest(parts, request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    host,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
