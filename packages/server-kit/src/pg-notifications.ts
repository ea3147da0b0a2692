import pg from 'pg';

/** How long a lost listening connection waits before it connects again. */
const RECONNECT_DELAY_MS = 1_000;

/** PostgreSQL's NOTIFY payloads must stay under 8000 bytes. */
export const NOTIFY_MAX_BYTES = 7_900;

export interface NotificationListener {
  close(): Promise<void>;
}

export interface NotificationHandlers {
  onPayload: (payload: string) => void;
  onReconnect: () => void;
  onError: (error: unknown) => void;
}

/**
 * LISTENs on `channel` over a connection of its own (a pooled one would be handed to queries),
 * calling `onPayload` with every payload NOTIFY sends there from any connection, this process's
 * included. A dropped connection is made again after a second, and `onReconnect` runs once it
 * listens again: what was sent meanwhile is lost, so the caller catches up another way.
 */
export async function listenForNotifications(
  options: NotificationHandlers & { url: string; channel: string },
): Promise<NotificationListener> {
  let closed = false;
  let client: pg.Client | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.url });
    next.on('notification', (message) => {
      if (message.channel === options.channel) options.onPayload(message.payload ?? '');
    });
    next.on('error', options.onError);
    next.on('end', () => {
      if (closed || client !== next) return;
      client = null;
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(options.channel)}`);
    client = next;
  }

  function scheduleReconnect(): void {
    retry = setTimeout(() => {
      retry = null;
      connect().then(options.onReconnect, (error: unknown) => {
        options.onError(error);
        if (!closed) scheduleReconnect();
      });
    }, RECONNECT_DELAY_MS);
    retry.unref();
  }

  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end();
    },
  };
}
