import { USER_SERVICE_PATH, type ErrorCode, type ErrorDetail, type SessionUser } from '@bazaar/schemas';

export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface StubAnswer {
  status?: number;
  body: unknown;
}

type Handler = (request: SentRequest, params: Record<string, string>) => StubAnswer;

interface StubRoute {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

/** The error envelope the server answers a refusal with. */
export function refusal(status: number, code: ErrorCode, details?: ErrorDetail[]): StubAnswer {
  return { status, body: { error: { code, message: code, ...(details ? { details } : {}) } } };
}

/** `/api/console/categories/:id` → a pattern and its parameter names. */
function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path.replace(/:(\w+)/g, (_match, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

/**
 * The server as a page meets it, in one `fetch` for the test file: the platform's session and the
 * routes a test declares (`on('GET', '/api/developer/me', { body })`); anything else is 404. The
 * platform shell wraps `fetch` once per window, so install it once (in `beforeAll`) and `reset`
 * what it answers before each test.
 */
export function createStoreApiStub() {
  let user: SessionUser | null = null;
  let routes: StubRoute[] = [];
  const requests: SentRequest[] = [];

  function answer(request: SentRequest): StubAnswer {
    if (request.method === 'GET' && request.path === `${USER_SERVICE_PATH}/session`) {
      return { body: { user } };
    }
    for (const route of routes) {
      const match = route.method === request.method ? route.pattern.exec(request.path) : null;
      if (!match) continue;
      const params = Object.fromEntries(route.names.map((name, index) => [name, match[index + 1]!]));
      return route.handler(request, params);
    }
    return refusal(404, 'NOT_FOUND');
  }

  async function stubFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(String(input), 'http://localhost');
    const request: SentRequest = {
      method: init.method ?? 'GET',
      // Decoded, so a test names a DID in a path as it is (`did:pkh:…`, sent as `did%3Apkh%3A…`).
      path: decodeURIComponent(url.pathname),
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const { status = 200, body } = answer(request);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }

  return {
    install() {
      window.fetch = stubFetch as typeof fetch;
    },
    /** Signs `signedIn` in (null: a visitor) and forgets the routes and the requests. */
    reset(signedIn: SessionUser | null) {
      user = signedIn;
      routes = [];
      requests.length = 0;
    },
    /** Answers `method path` (with `:param`s) by a fixed answer or a handler; the latest wins. */
    on(method: string, path: string, response: StubAnswer | Handler) {
      const handler = typeof response === 'function' ? response : () => response;
      routes.unshift({ method, ...compile(path), handler });
    },
    /** The requests sent to `method path`, in order. */
    sent(method: string, path: string): SentRequest[] {
      return requests.filter((request) => request.method === method && request.path === path);
    },
    requests,
  };
}
