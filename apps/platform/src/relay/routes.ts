import type { FastifyPluginAsync } from 'fastify';
import type { RelayHub } from './hub.ts';

/**
 * The relay socket, mounted at `/.well-known/service/relay`. Protocol (JSON text frames):
 *   client {"type":"subscribe","channel":"relay:{appId}:events"} → {"type":"subscribed","channel"}
 *   client {"type":"unsubscribe","channel"}                      → {"type":"unsubscribed","channel"}
 *   server {"type":"event","channel","event": RelayEvent}          for each event published there
 *   server {"type":"heartbeat"} and a ws ping every 30 s; two unanswered pings drop the socket
 *   client {"type":"ping"}                                          → {"type":"pong"}
 *   anything else, or an unknown channel                            → {"type":"error","message"}
 */
export function relayRoutes(hub: RelayHub): FastifyPluginAsync {
  return async (app) => {
    app.get('/', { websocket: true }, (socket) => hub.attach(socket));
  };
}
