import {
  appDidParamSchema,
  appVersionParamSchema,
  BUNDLE_CONTENT_TYPE,
  BUNDLE_HEADERS,
  downloadSeriesQuerySchema,
  downloadSeriesSchema,
  formatBundleSignature,
  LICENCE_HEADER,
  reprDigestOf,
} from '@bazaar/schemas';
import type { ZodApp } from '@bazaar/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pipeline, Transform, type Readable } from 'node:stream';
import { z } from 'zod';
import type { StoreDeps } from '../../deps.ts';
import { authenticateAccessToken, readBearerToken } from '../access-tokens/index.ts';
import type { Viewer } from '../apps/visibility.ts';
import { createDailySalts, createKnownCounted } from './client-keys.ts';
import {
  countDownload,
  getDownloadSeries,
  createBundleOpener,
  prepareBundleDownload,
  type BundleDownload,
  type DownloadCountDeps,
} from './service.ts';

const tags = ['apps'];
/** Signed in, with a `read` access token (the CLI), or neither. */
const security: Record<string, string[]>[] = [{}, { accessToken: [] }];
const appParams = z.object({ did: appDidParamSchema });
const versionParams = z.object({ did: appDidParamSchema, version: appVersionParamSchema });

const BUNDLE_DESCRIPTION =
  'The bundle, streamed, with headers to verify it by (see @bazaar/schemas store-downloads.ts): Repr-Digest, X-Bazaar-Integrity, X-Bazaar-Signature (the manifest signature by the app DID), ETag. HEAD answers the headers only. A download counts once per client, version and UTC day, once its last byte is sent; HEAD, 304 and refusals never count. A blocked app answers APP_BLOCKED, a private or unknown app or version NOT_FOUND, to everyone but its owner and Store admins; a version with a price LICENCE_REQUIRED (402) unless the signed-in viewer bought it or the X-Bazaar-Licence header carries its licence.';

/**
 * Whom a download is for: the developer of a bearer access token with the `read` scope (the CLI,
 * whose own unpublished versions are then visible), else the signed-in user, else a guest.
 */
async function viewerOf(deps: StoreDeps, request: FastifyRequest): Promise<Viewer> {
  const token = readBearerToken(request);
  if (token === null) return request.user;
  const { developerDid } = await authenticateAccessToken(deps, token, { scope: 'read' });
  return { did: developerDid, passports: [] };
}

/** Whether `If-None-Match` names the bundle's entity tag (weak comparison, as RFC 9110 asks for it). */
function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

function bundleHeaders(download: BundleDownload): Record<string, string | number> {
  return {
    'content-type': BUNDLE_CONTENT_TYPE,
    'content-length': download.size,
    'content-disposition': `attachment; filename="${download.fileName}"`,
    [BUNDLE_HEADERS.reprDigest]: reprDigestOf(download.integrity),
    [BUNDLE_HEADERS.integrity]: download.integrity,
    [BUNDLE_HEADERS.signature]: formatBundleSignature(download.signature),
    [BUNDLE_HEADERS.version]: download.version,
    etag: `"${download.integrity}"`,
    // The bundle may be a private app's, or a review of an upload: no shared cache keeps it.
    'cache-control': 'private',
  };
}

/**
 * `body`, unchanged, with `onLastByte` run once its last byte has passed and before the response
 * ends; a client that goes away earlier destroys the stream and `onLastByte` never runs.
 */
function withLastByteHook(body: Readable, onLastByte: () => Promise<void>): Readable {
  const passing = new Transform({
    transform: (chunk, _encoding, callback) => callback(null, chunk),
    flush: (callback) => void onLastByte().then(() => callback()),
  });
  // A storage error destroys `passing` with it, which the reply reports; nothing more to do here.
  return pipeline(body, passing, () => {});
}

/** Bundle downloads and an app's download counts. */
export function registerDownloadRoutes(app: ZodApp, deps: StoreDeps) {
  const countDeps: DownloadCountDeps = {
    db: deps.db,
    clock: deps.clock,
    salts: createDailySalts(deps.db),
    known: createKnownCounted(),
  };
  const openBundle = createBundleOpener(deps);

  async function sendBundle(
    request: FastifyRequest,
    reply: FastifyReply,
    input: { did: string; version?: string },
  ) {
    const viewer = await viewerOf(deps, request);
    const licence = request.headers[LICENCE_HEADER];
    const download = await prepareBundleDownload(deps, {
      ...input,
      viewer,
      licenceToken: typeof licence === 'string' ? licence : null,
    });
    const headers = bundleHeaders(download);
    reply.headers(headers);
    if (isNotModified(request.headers['if-none-match'], String(headers.etag))) return reply.code(304).send();
    if (request.method === 'HEAD') return reply.send();
    const body = await openBundle(download);
    if (!download.isCounted) return reply.send(body);
    const client = {
      did: viewer?.did ?? null,
      address: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    };
    // A failure to count is the Store's, not the visitor's: it is logged and the download stands.
    const count = () =>
      countDownload(countDeps, { appDid: download.appDid, version: download.version, client }).then(
        () => undefined,
        (error: unknown) => request.log.error({ err: error }, 'Counting a download failed'),
      );
    return reply.send(withLastByteHook(body, count));
  }

  // HEAD is a route of its own: Fastify's would run the GET, streaming the bundle and counting it.
  // The document describes the GET (whose text says what HEAD does), as for every other route.
  const latest = {
    tags,
    security,
    description: `The published version's bundle (for the app's owner and Store admins, before any is published, the latest upload). ${BUNDLE_DESCRIPTION}`,
    params: appParams,
  };
  app.get('/apps/:did/bundle', { schema: latest, exposeHeadRoute: false }, (request, reply) =>
    sendBundle(request, reply, request.params),
  );
  app.head('/apps/:did/bundle', { schema: latest }, (request, reply) =>
    sendBundle(request, reply, request.params),
  );
  const named = {
    tags,
    security,
    description: `A published version's bundle (the app's owner and Store admins: any upload). ${BUNDLE_DESCRIPTION}`,
    params: versionParams,
  };
  app.get(
    '/apps/:did/versions/:version/bundle',
    { schema: named, exposeHeadRoute: false },
    (request, reply) => sendBundle(request, reply, request.params),
  );
  app.head('/apps/:did/versions/:version/bundle', { schema: named }, (request, reply) =>
    sendBundle(request, reply, request.params),
  );
  app.get(
    '/apps/:did/downloads',
    {
      schema: {
        tags,
        security,
        description:
          "The app's counted downloads per UTC day over the last `days` days (30: the month), every version summed, for whoever may see the app.",
        params: appParams,
        querystring: downloadSeriesQuerySchema,
        response: { 200: downloadSeriesSchema },
      },
    },
    async (request) =>
      getDownloadSeries(deps, {
        did: request.params.did,
        days: request.query.days,
        viewer: await viewerOf(deps, request),
      }),
  );
}
