import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_PATH } from "@unaa/contracts";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Server } from "socket.io";

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

declare module "fastify" {
  interface FastifyInstance {
    realtime: {
      io: RealtimeServer;
      /** The one way services push to a user: every socket of theirs is in room `user:{id}`. */
      emitToUser<E extends keyof ServerToClientEvents>(
        userId: number,
        event: E,
        ...args: Parameters<ServerToClientEvents[E]>
      ): void;
    };
  }
}

/**
 * socket.io on the same HTTP server, at /api/socket (spec section 7). `destroyUpgrade: false`
 * leaves other upgrade requests (Vite's HMR socket in development) alone. Authentication with the
 * access token joins a socket to its user's room; it arrives with the accounts module.
 */
export const realtime = fp(async (app: FastifyInstance) => {
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_PATH,
    destroyUpgrade: false,
    serveClient: false,
    cors: { origin: false },
  });
  app.decorate("realtime", {
    io,
    emitToUser(userId, event, ...args) {
      io.to(`user:${userId}`).emit(event, ...args);
    },
  });
  app.addHook("preClose", async () => {
    // Not io.close(): that would also close the HTTP server, which Fastify closes itself.
    io.disconnectSockets(true);
    io.engine.close();
  });
});
