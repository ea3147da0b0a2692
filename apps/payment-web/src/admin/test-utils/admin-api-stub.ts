import { USER_SERVICE_PATH, type SessionUser } from '@bazaar/schemas';

export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface StubAnswer {
  status?: number;
  /** Sent as JSON, unless `raw` is given. */
  body?: unknown;
  /** Sent as it is (a CSV export's text or stream), with `headers`. */
  raw?: string | ReadableStream<Uint8Array>;
  headers?: Record<string, string>;
}

type Handler = (request: SentRequest) => StubAnswer;

/**
 * The server as the dashboard meets it, in one `fetch` for the test file: the platform's session
 * and the routes a test declares by method and path; anything else is 404. The platform shell
 * wraps `fetch` once per window, so install it once (in `beforeAll`) and `reset` before each test.
 */
export function createAdminApiStub() {
  let user: SessionUser | null = null;
  let routes: { method: string; path: string; handler: Handler }[] = [];
  const requests: SentRequest[] = [];

  function answer(request: SentRequest): StubAnswer {
    if (request.method === 'GET' && request.path === `${USER_SERVICE_PATH}/session`)
      return { body: { user } };
    const route = routes.find((each) => each.method === request.method && each.path === request.path);
    if (route) return route.handler(request);
    return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'NOT_FOUND' } } };
  }

  async function stubFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(String(input), 'http://localhost');
    const request: SentRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const { status = 200, body, raw, headers } = answer(request);
    if (raw !== undefined) return new Response(raw, { status, headers });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }

  return {
    fetch: stubFetch as typeof fetch,
    install() {
      window.fetch = stubFetch as typeof fetch;
    },
    reset(signedIn: SessionUser | null) {
      user = signedIn;
      routes = [];
      requests.length = 0;
    },
    /** Answers `method path` by a fixed answer or a handler; the latest wins. */
    on(method: string, path: string, response: StubAnswer | Handler) {
      routes.unshift({ method, path, handler: typeof response === 'function' ? response : () => response });
    },
    sent(method: string, path: string): SentRequest[] {
      return requests.filter((request) => request.method === method && request.path === path);
    },
  };
}

const BASE_USER: SessionUser = {
  did: 'did:pkh:eip155:1:0xabc',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  walletAddress: null,
  avatar: '',
  role: 'member',
  passports: [],
};

export const USERS = {
  member: { ...BASE_USER, passports: [{ role: 'member', name: 'Member' }] },
  admin: { ...BASE_USER, role: 'admin', passports: [{ role: 'admin', name: 'Admin' }] },
  developer: { ...BASE_USER, passports: [{ role: 'developer', name: 'Developer' }] },
} satisfies Record<string, SessionUser>;
