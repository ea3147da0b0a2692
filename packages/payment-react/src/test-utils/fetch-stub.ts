/** A route of the stubbed network: method and path (no query), answered in order of registration. */
export interface StubRoute {
  method: string;
  path: string | RegExp;
  /** A JSON body, or a function of the request; repeated calls reuse the last answer of a list. */
  respond: StubAnswer | StubAnswer[] | ((request: StubRequest) => StubAnswer);
}

export interface StubAnswer {
  status?: number;
  body: unknown;
}

export interface StubRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/**
 * A `fetch` for component tests: the app's real code runs up to the network boundary, and
 * every request is recorded so tests can assert what was sent.
 */
export function createFetchStub(routes: StubRoute[]) {
  const calls: StubRequest[] = [];
  const counts = new Map<StubRoute, number>();
  const stub = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init.method ?? 'GET').toUpperCase();
    const request: StubRequest = {
      method,
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(request);
    const route = routes.find(
      (candidate) =>
        candidate.method === method &&
        (typeof candidate.path === 'string'
          ? url.pathname === candidate.path
          : candidate.path.test(url.pathname)),
    );
    if (!route)
      return json({
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: `No stub for ${method} ${url.pathname}` } },
      });
    const count = counts.get(route) ?? 0;
    counts.set(route, count + 1);
    const { respond } = route;
    const answer =
      typeof respond === 'function'
        ? respond(request)
        : Array.isArray(respond)
          ? respond[Math.min(count, respond.length - 1)]!
          : respond;
    return json(answer);
  };
  return { fetch: stub as typeof fetch, calls };
}

function json({ status = 200, body }: StubAnswer): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
