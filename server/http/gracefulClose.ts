import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

const SWEEP_INTERVAL_MS = 100;
/** How long requests in flight may take to finish once the server is closing. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Returns a close for the app that lets requests in flight finish (for up to `graceMs`) without waiting on connections
 * that carry none. Node counts a connection as busy from the moment it opens until its first request is done, and stops
 * timing connections out once closing starts; so a keep-alive connection going idle, or a browser's speculative
 * connection that never sends a request, would otherwise hold the close open for as long as the browser keeps it.
 * Call before the app listens, so that every connection is seen.
 */
export function gracefulCloser(app: FastifyInstance, graceMs = SHUTDOWN_GRACE_MS): () => Promise<void> {
  const sockets = new Set<Socket>();
  app.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  return async () => {
    const server = app.server;
    const sweep = setInterval(() => {
      server.closeIdleConnections();
      for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
    }, SWEEP_INTERVAL_MS);
    const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
    try {
      await app.close();
    } finally {
      clearInterval(sweep);
      clearTimeout(deadline);
    }
  };
}
