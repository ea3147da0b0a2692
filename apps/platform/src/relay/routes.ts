import { AppError } from '@bazaar/server-kit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { clientAddress } from '../request-limits.ts';
import { isTrustedRequestOrigin, type TrustedOrigins } from '../security/request-origin.ts';
import { NOBODY, type RelayHolder, type RelayHub } from './hub.ts';

/**
 * Whom a socket hears for. The session cookie rides along with any page's upgrade, so a page of
 * another origin would otherwise hear its visitor's payments (cross-site websocket hijacking):
 * its socket acts as nobody instead. It is not refused, because a guest needs no cookie: the
 * secrets it presents prove what it may hear wherever the page is.
 */
function holderOf(request: FastifyRequest, trustedOrigins: TrustedOrigins): RelayHolder {
  if (!request.user || !isTrustedRequestOrigin(request.headers, trustedOrigins)) return NOBODY;
  return { did: request.user.did, roles: request.user.passports.map((passport) => passport.role) };
}

/**
 * Counts the sockets open from each network address. A place is taken before the upgrade and
 * given back when the connection closes, whether or not the upgrade went through, so a client
 * that abandons handshakes cannot leak places.
 */
function createSocketCounter(maxPerAddress: number) {
  const open = new Map<string, number>();
  return async (request: FastifyRequest) => {
    // A plain GET of the route is answered 404 on a connection that may stay open for others.
    if (!request.ws) return;
    const address = clientAddress(request);
    const count = open.get(address) ?? 0;
    if (count >= maxPerAddress) {
      throw new AppError(
        'RELAY_SOCKETS_LIMITED',
        `At most ${maxPerAddress} relay sockets per network address`,
      );
    }
    open.set(address, count + 1);
    request.raw.socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  };
}

/**
 * The relay socket, mounted at `/.well-known/service/relay`. Protocol (JSON text frames):
 *   client {"type":"subscribe","channel":"relay:{appId}:events","secrets"?:[…]}
 *                                                                → {"type":"subscribed","channel"}
 *   client {"type":"unsubscribe","channel"}                      → {"type":"unsubscribed","channel"}
 *   server {"type":"event","channel","event": RelayEvent}          for each event published there
 *                                                                  that the socket's holder may hear
 *   server {"type":"heartbeat"} and a ws ping every 30 s; two unanswered pings drop the socket
 *   client {"type":"ping"}                                          → {"type":"pong"}
 *   anything else, an unknown channel, too many secrets             → {"type":"error","message"}
 * An address already holding `socketsPerAddress` sockets is answered 429 at the upgrade.
 */
export function relayRoutes(
  hub: RelayHub,
  options: { trustedOrigins: TrustedOrigins; socketsPerAddress: number },
): FastifyPluginAsync {
  const countSocket = createSocketCounter(options.socketsPerAddress);
  return async (app) => {
    app.get('/', { websocket: true, preHandler: countSocket }, (socket, request) =>
      hub.attach(socket, holderOf(request, options.trustedOrigins)),
    );
  };
}
