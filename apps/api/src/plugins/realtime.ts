import { createAdapter } from "@socket.io/redis-adapter";
import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  SOCKET_PATH,
  type SocketExceptionStatus,
  socketExceptionStatuses,
} from "@unaa/contracts";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";
import { Server, type Socket } from "socket.io";
import { AppError } from "../errors.ts";
import type { RequestUser } from "./auth.ts";

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

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
      /** Ends every socket of the user (a block), each with an `exception` saying why first. */
      endUser(userId: number, status: SocketExceptionStatus): void;
    };
  }
}

export interface RealtimeOptions {
  /** The user of an access token and its expiry; throws `TOKEN_EXPIRED`, `UNAUTHORIZED` or `BLOCKED`. */
  resolveAccessToken(token: string): Promise<RequestUser & { tokenExpiresAt: number }>;
  /** The site's public address: a browser's socket must come from it (or from the host it asks). */
  publicOrigin: string;
  /** With Redis, every process's sockets are reached through @socket.io/redis-adapter. */
  redisUrl: string | undefined;
  /** The user's chats with unread messages, sent when a socket connects. */
  unreadChatIds?(userId: number): Promise<number[]>;
  /** Listens to an authenticated socket's client events (the chat's `chat:typing`). */
  onConnection?(socket: RealtimeSocket, userId: number): void;
}

function exceptionStatus(error: unknown): SocketExceptionStatus {
  if (error instanceof AppError && error.code === "TOKEN_EXPIRED")
    return socketExceptionStatuses.tokenExpired;
  if (error instanceof AppError && error.code === "BLOCKED") return socketExceptionStatuses.blocked;
  return socketExceptionStatuses.unauthorized;
}

/** Ends a socket with an `exception` first (sent before the connection closes). */
function refuse(socket: RealtimeSocket, status: SocketExceptionStatus): void {
  socket.emit("exception", { status });
  socket.disconnect(true);
}

/**
 * socket.io on the same HTTP server, at /api/socket (spec section 7, S7.32). A socket authenticates
 * with its access token in the handshake (`auth.token`), joins its user's room and receives the
 * unread chat ids; a missing, wrong or expired token — or the token expiring while connected — ends
 * it with an `exception` whose status says why (S4.11: `TokenExpiredError` makes the client refresh
 * and reconnect). Browsers may connect only from the site itself (Origin). `destroyUpgrade: false`
 * leaves other upgrade requests (Vite's HMR socket in development) alone.
 */
export const realtime = fp<RealtimeOptions>(async (app: FastifyInstance, options) => {
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_PATH,
    // WebSocket only, as the site's client connects: a socket is one connection, so it stays with the
    // process that took it when several serve the site (long polling would need sticky sessions).
    transports: ["websocket"],
    destroyUpgrade: false,
    serveClient: false,
    cors: { origin: false },
    allowRequest(request, callback) {
      const origin = request.headers.origin;
      // Apps and servers send no Origin; a browser's must be the site's own.
      if (!origin) return callback(null, true);
      let host: string | undefined;
      try {
        host = new URL(origin).host;
      } catch {
        return callback("bad origin", false);
      }
      callback(null, origin === options.publicOrigin || host === request.headers.host);
    },
  });

  if (options.redisUrl) {
    // Commands wait while Redis is away (no per-command retry limit): the adapter does not catch a
    // rejected publish or subscribe, and a rejection nobody catches would end the process.
    const publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: null, connectTimeout: 3000 });
    const subscriber = publisher.duplicate();
    for (const client of [publisher, subscriber]) {
      client.on("error", (error) => app.log.error({ err: error }, "realtime: Redis error"));
    }
    io.adapter(createAdapter(publisher, subscriber, { key: "unaa:socket.io" }));
    // disconnect(), not quit(): quit waits in the offline queue while Redis is unreachable.
    app.addHook("onClose", async () => {
      publisher.disconnect();
      subscriber.disconnect();
    });
  }

  io.on("connection", async (socket) => {
    const auth = socket.handshake.auth as { token?: unknown };
    const token = typeof auth.token === "string" ? auth.token : "";
    let user: Awaited<ReturnType<RealtimeOptions["resolveAccessToken"]>>;
    try {
      if (!token) throw new AppError("UNAUTHORIZED");
      user = await options.resolveAccessToken(token);
    } catch (error) {
      if (!(error instanceof AppError)) app.log.error({ err: error }, "realtime: token check failed");
      refuse(socket, exceptionStatus(error));
      return;
    }
    // The token's end is the socket's end: the client refreshes and comes back with the new one.
    const expiry = setTimeout(
      () => refuse(socket, socketExceptionStatuses.tokenExpired),
      Math.max(0, user.tokenExpiresAt - Date.now()),
    );
    expiry.unref();
    socket.once("disconnect", () => clearTimeout(expiry));
    await socket.join(`user:${user.id}`);
    options.onConnection?.(socket, user.id);
    if (socket.connected) {
      socket.emit("unreadedChatIds", { ids: (await options.unreadChatIds?.(user.id)) ?? [] });
    }
  });

  app.decorate("realtime", {
    io,
    emitToUser(userId, event, ...args) {
      io.to(`user:${userId}`).emit(event, ...args);
    },
    endUser(userId, status) {
      io.to(`user:${userId}`).emit("exception", { status });
      io.in(`user:${userId}`).disconnectSockets(true);
    },
  });
  app.addHook("preClose", async () => {
    // Not io.close(): that would also close the HTTP server, which Fastify closes itself. This
    // process's sockets only (`local`): with Redis, the others belong to other processes.
    io.local.disconnectSockets(true);
    io.engine.close();
  });
});
