import fastifyRateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import { AppError } from '@bazaar/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PlatformLimits } from './limits.ts';
import { isUnder } from './web-apps.ts';

const MINUTE_MS = 60_000;

/** The client's network address as limits count it: IPv4 as it is, IPv6 by its /64 (one subscriber's block). */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

/**
 * Per-minute request limits on every route registered after this (so call it before any
 * route): signed-in users are counted by their did, guests by network address, and the built
 * pages and their assets (routes outside `apiPaths`) by network address on a budget of their own,
 * since one page load fetches many files. The key reads `request.user`, which the session
 * hook (an app-wide onRequest hook, so it runs before this route-level one) has resolved.
 *
 * The counts live in this node's memory: each node of a cluster allows the full rate, and a
 * restart forgets them. Limits that must hold across nodes (the email codes) are counted in
 * the database instead.
 */
export async function installRequestLimits(
  app: FastifyInstance,
  input: { limits: PlatformLimits; apiPaths: string[] },
): Promise<void> {
  const { limits, apiPaths } = input;
  const isPage = (request: FastifyRequest) => {
    // The matched route's pattern, not the raw URL, so an encoded path cannot pass an API call off as a page.
    const route = request.routeOptions.url ?? request.url;
    return !apiPaths.some((path) => isUnder(route, path));
  };
  await app.register(fastifyRateLimit, {
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => {
      if (isPage(request)) return `page:${clientAddress(request)}`;
      return request.user ? `user:${request.user.did}` : `guest:${clientAddress(request)}`;
    },
    max: (_request, key) => {
      if (key.startsWith('page:')) return limits.pageRequestsPerMinute;
      return key.startsWith('user:') ? limits.userRequestsPerMinute : limits.guestRequestsPerMinute;
    },
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests; try again in ${context.after}`),
  });
}

/**
 * The stricter limit of a sign-in route (`config: { rateLimit: signInRateLimit(limits) }`),
 * counted per route with the same keys: someone guessing codes or signatures gets a few tries a
 * minute, not the general budget.
 */
export function signInRateLimit(limits: Pick<PlatformLimits, 'signInRequestsPerMinute'>): RateLimitOptions {
  return { max: limits.signInRequestsPerMinute, timeWindow: MINUTE_MS };
}

/**
 * A route's own per-minute limit counted by network address alone, signed in or not
 * (`config: { rateLimit: addressRateLimit(limits.analyticsPingsPerMinute) }`): for what a page
 * sends on its own while someone reads it, such as analytics pings.
 */
export function addressRateLimit(maxPerMinute: number): RateLimitOptions {
  return { max: maxPerMinute, timeWindow: MINUTE_MS, keyGenerator: (request) => clientAddress(request) };
}
