import { randomUUID } from "node:crypto";
import cookie from "@fastify/cookie";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { defaultLocale, isLocale, socketExceptionStatuses } from "@unaa/contracts";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { type Config, defaultPublicOrigin } from "./config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { AppError } from "./errors.ts";
import { type JobQueue, startJobQueue } from "./jobs/job-queue.ts";
import { resolveAuthSecret } from "./lib/auth-secret.ts";
import { createCacheDrops } from "./lib/cache-drops.ts";
import { createOutboxMailSender, type MailSender } from "./lib/senders/mail-sender.ts";
import { createSmtpMailSender } from "./lib/senders/smtp.ts";
import { createStorage } from "./lib/storage.ts";
import { deriveAuthKeys } from "./lib/tokens.ts";
import { resolveVapidKeys } from "./lib/web-push.ts";
import { adsRoutes } from "./modules/ads/ads.routes.ts";
import { type AdsService, createAdsService } from "./modules/ads/ads.service.ts";
import { type Accounts, setUpAccounts } from "./modules/auth/accounts.ts";
import { insertOutboxMessage } from "./modules/auth/codes.repository.ts";
import { bannersRoutes } from "./modules/banners/banners.routes.ts";
import { type BannersService, createBannersService } from "./modules/banners/banners.service.ts";
import { businessesRoutes } from "./modules/businesses/businesses.routes.ts";
import { type BusinessesService, createBusinessesService } from "./modules/businesses/businesses.service.ts";
import { catalogRoutes } from "./modules/catalog/catalog.routes.ts";
import { type CatalogService, createCatalogService } from "./modules/catalog/catalog.service.ts";
import { chatPhotosRoutes, chatsRoutes } from "./modules/chats/chats.routes.ts";
import {
  type ChatsService,
  chatMessagesPerMinute,
  createChatsService,
  newChatsPerHour,
  newChatsPerHourYoung,
} from "./modules/chats/chats.service.ts";
import { listenToChatEvents } from "./modules/chats/chats.socket.ts";
import { configsRoutes } from "./modules/configs/configs.routes.ts";
import { type ConfigService, createConfigService } from "./modules/configs/configs.service.ts";
import { contentRoutes } from "./modules/content/content.routes.ts";
import { type ContentService, createContentService } from "./modules/content/content.service.ts";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes.ts";
import { createDashboardService } from "./modules/dashboard/dashboard.service.ts";
import { opsRoutes } from "./modules/dashboard/ops.routes.ts";
import { createOpsService } from "./modules/dashboard/ops.service.ts";
import { statsRoutes } from "./modules/dashboard/stats.routes.ts";
import { createStatsService } from "./modules/dashboard/stats.service.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { moderationRoutes } from "./modules/moderation/moderation.routes.ts";
import { createModerationService } from "./modules/moderation/moderation.service.ts";
import { dashboardPaymentsRoutes } from "./modules/money/dashboard-payments.routes.ts";
import { createFreedomPayProvider } from "./modules/money/freedompay-provider.ts";
import { moneyRoutes } from "./modules/money/money.routes.ts";
import { createMoneyService, type MoneyService, paymentReconcileJob } from "./modules/money/money.service.ts";
import type { PaymentProviderAdapter } from "./modules/money/payment-provider.ts";
import {
  createSandboxProvider,
  deliverSandboxNotice,
  type SandboxNoticeJob,
  sandboxNoticeJob,
} from "./modules/money/sandbox-provider.ts";
import { broadcastsRoutes } from "./modules/notifications/broadcasts.routes.ts";
import {
  type BroadcastJob,
  type BroadcastsService,
  createBroadcastsService,
} from "./modules/notifications/broadcasts.service.ts";
import { deletePushSubscriptionsOfUser } from "./modules/notifications/notifications.repository.ts";
import { notificationsRoutes } from "./modules/notifications/notifications.routes.ts";
import {
  createNotificationsService,
  type DeliveryJob,
  type NotificationsService,
  notificationJobs,
  type PriceDropJob,
} from "./modules/notifications/notifications.service.ts";
import { photosRoutes } from "./modules/photos/photos.routes.ts";
import { createPhotosService, photoUploadsPerHour } from "./modules/photos/photos.service.ts";
import { dashboardSubscribesRoutes } from "./modules/plans/dashboard-subscribes.routes.ts";
import { endSubscriptionOfDeletedAccount } from "./modules/plans/plans.repository.ts";
import { plansRoutes } from "./modules/plans/plans.routes.ts";
import { createPlansService, type PlansService, planRenewalJob } from "./modules/plans/plans.service.ts";
import { profilesRoutes } from "./modules/profiles/profiles.routes.ts";
import { createProfilesService, type ProfilesService } from "./modules/profiles/profiles.service.ts";
import { reviewsRoutes } from "./modules/reviews/reviews.routes.ts";
import {
  createReviewsService,
  type ReviewsService,
  reviewReportsPerHour,
} from "./modules/reviews/reviews.service.ts";
import { createNotifyingAlerts } from "./modules/saved-searches/saved-searches.alerts.ts";
import { savedSearchesRoutes } from "./modules/saved-searches/saved-searches.routes.ts";
import {
  createSavedSearchesService,
  type SavedSearchesService,
  savedSearchMatchJob,
} from "./modules/saved-searches/saved-searches.service.ts";
import { servicesRoutes } from "./modules/services/services.routes.ts";
import {
  createServicesService,
  paidServicesJob,
  promotedTiersJob,
  type ServicesService,
} from "./modules/services/services.service.ts";
import { dashboardSettingsRoutes } from "./modules/settings/settings.routes.ts";
import { createSitemapService, type SitemapService } from "./modules/sitemap/sitemap.service.ts";
import { errorHandler, toErrorResponse } from "./plugins/error-handler.ts";
import { httpHardening, noStoreForPersonalAnswers } from "./plugins/http-hardening.ts";
import { multipartUploads } from "./plugins/multipart.ts";
import { rateLimits } from "./plugins/rate-limit.ts";
import { realtime } from "./plugins/realtime.ts";
import { localeOf, requestLocale } from "./plugins/request-locale.ts";
import { uploadsRoutes } from "./plugins/uploads.ts";
import { API_VERSION } from "./version.ts";

/** What the web server hands to page loaders (through React Router's context). */
export interface WebServices {
  configService: ConfigService;
  catalogService: CatalogService;
  adsService: AdsService;
  profilesService: ProfilesService;
  savedSearchesService: SavedSearchesService;
  /** The data of the sitemap index and its files (the web server writes the XML). */
  sitemapService: SitemapService;
  reviewsService: ReviewsService;
  businessesService: BusinessesService;
  /** Paid services of an ad (decision 063): the owner's page data. */
  servicesService: ServicesService;
  /** Static pages' texts, the FAQ, contact details and store links (decision 072). */
  contentService: ContentService;
  /** Which advertising slots have a campaign to show (decision 071): pages reserve room only for those. */
  bannersService: Pick<BannersService, "liveSlots">;
  /** The signed-in viewer of a page request by its parsed cookies (`unaa_session`), for SSR gates. */
  resolveViewer: Accounts["resolveViewer"];
}

declare module "fastify" {
  interface FastifyInstance {
    services: WebServices;
    /** Durable background jobs (jobs/job-queue.ts). */
    jobs: JobQueue;
    /** Notifications' entry point (`notify()`), for other modules and tests. */
    notifications: NotificationsService;
    /** Staff broadcasts (decision 070), for tests (they run its job directly). */
    broadcasts: BroadcastsService;
    /** The wallet, ledger and top-ups (decision 061), for other modules and tests. */
    money: MoneyService;
    /** Seller plans and their renewals (decision 064), for tests. */
    plans: PlansService;
  }
}

export interface CreateAppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions["logger"];
}

const REQUEST_ID = /^[\w.-]{8,64}$/;

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** What the router refuses before any route runs (a malformed /api address): the one error format. */
function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.locale = localeOf(request);
  const [status, body] = toErrorResponse(error, request);
  return reply.status(status).type("application/json; charset=utf-8").send(body);
}

/** Where a page address that cannot be read goes: no page has it, so the site's 404 page answers. */
const MALFORMED_PAGE_PATH = "/_malformed-address";

/**
 * A page address whose path does not decode (`/catalog/%E0%A4%A`) would get the router's raw JSON
 * 400, and one with an encoded NUL (`/catalog/toy%00ota`) would reach the database from a page
 * loader; both are routed to a path no page has instead, so the visitor sees the site's 404 page.
 * API addresses keep theirs (schemas check their parts; the router refuses undecodable ones
 * through `frameworkErrors`, in the API's format).
 */
function rewriteMalformedPage(url: string): string {
  if (!url.includes("%") || url.startsWith("/api/")) return url;
  const end = url.indexOf("?");
  try {
    const path = decodeURIComponent(end === -1 ? url : url.slice(0, end));
    return path.includes("\u0000") ? pageInLanguageOf(url) : url;
  } catch {
    return pageInLanguageOf(url);
  }
}

/** The 404 address in the language of the page asked for (`/en/…` → `/en/_malformed-address`). */
function pageInLanguageOf(url: string): string {
  const prefix = url.split("/")[1];
  return prefix && prefix !== defaultLocale && isLocale(prefix)
    ? `/${prefix}${MALFORMED_PAGE_PATH}`
    : MALFORMED_PAGE_PATH;
}

/**
 * Builds the one Fastify instance: the cross-cutting plugins (hardening, cookies, rate limits,
 * uploads, socket.io), then the API under /api, one module at a time. The web server
 * (apps/web/server.ts) adds the React Router pages to it; API tests call `inject()` on it.
 */
export async function createApp({ config, database, logger }: CreateAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
    },
    // A hop count as a function: Fastify takes a number too, but its types do not say so.
    trustProxy: typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    // Keep-alive connections that are idle close at once on shutdown; busy ones finish first.
    forceCloseConnections: "idle",
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1_048_576,
    rewriteUrl: (request) => {
      const url = rewriteMalformedPage(request.url ?? "/");
      // The page renderer builds its Request from `originalUrl`, set just before this call.
      if (url.endsWith(MALFORMED_PAGE_PATH)) (request as { originalUrl?: string }).originalUrl = url;
      return url;
    },
    frameworkErrors: (error, request, reply) =>
      answerFrameworkError(error, request as FastifyRequest, reply as FastifyReply),
  }).withTypeProvider<ZodTypeProvider>();

  if (config.isProduction && config.publicOrigin === defaultPublicOrigin(config.port)) {
    app.log.warn(
      `PUBLIC_ORIGIN is not set: canonical links, sharing tags and the sitemap name ${config.publicOrigin}`,
    );
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Cross-cutting plugins, for every module: a domain module never registers one of these.
  await app.register(requestLocale);
  await app.register(errorHandler);
  await app.register(httpHardening);
  const keys = deriveAuthKeys(resolveAuthSecret(config));
  // Parses the cookies of every request (the SSR viewer's too) and signs `unaa_session`.
  await app.register(cookie, { secret: keys.sessionCookie });
  await app.register(noStoreForPersonalAnswers);
  await app.register(rateLimits, { redisUrl: config.redisUrl });
  await app.register(multipartUploads);
  const storage = createStorage(config);
  await app.register(uploadsRoutes, { storage });

  const accounts = await setUpAccounts(app, {
    config,
    database,
    keys,
    storage,
    // The ads service is created below; a deletion runs only once the app serves requests.
    deletionHooks: [
      (tx, userId) => adsService.archiveAdsOfDeletedAccount(tx, userId),
      (tx, userId) => deletePushSubscriptionsOfUser(tx, userId),
      (tx, userId) => businessesService.deleteBusinessOfDeletedAccount(tx, userId),
      (tx, userId) => endSubscriptionOfDeletedAccount(tx, userId),
    ],
  });

  await app.register(realtime, {
    resolveAccessToken: (token) => accounts.sessions.resolveAccessToken(token),
    publicOrigin: config.publicOrigin,
    redisUrl: config.redisUrl,
    // The chats service is created below; sockets connect only once the app serves requests.
    unreadChatIds: (userId) => chatsService.unreadChatIds(userId),
    onConnection: (socket, userId) => {
      listenToChatEvents(chatsService, app.log)(socket, userId);
      notificationsService
        .unreadCount(userId)
        .then((count) => {
          if (socket.connected) socket.emit("notifications:unread", { count });
        })
        .catch((error: unknown) => app.log.error({ err: error }, "notifications: unread count failed"));
    },
  });

  // Created before the modules that trigger notifications; its jobs are defined once the queue runs.
  const notificationsService: NotificationsService = createNotificationsService({
    db: database.db,
    emitToUser: (userId, event, ...args) => app.realtime.emitToUser(userId, event, ...args),
    sendJob: (name, data, tx) => jobs.send(name, data, tx),
    mail: createMailSender(app, config, database),
    vapid: resolveVapidKeys(config),
    publicOrigin: config.publicOrigin,
    // This process's sockets first (no round trip); then, with Redis, the other processes'.
    isOnline: async (userId) => {
      const room = `user:${userId}`;
      if ((app.realtime.io.of("/").adapter.rooms.get(room)?.size ?? 0) > 0) return true;
      return (await app.realtime.io.in(room).fetchSockets()).length > 0;
    },
  });
  app.decorate("notifications", notificationsService);
  const broadcastsService = createBroadcastsService({
    db: database.db,
    notifications: notificationsService,
    sendJob: (name, data, tx) => jobs.send(name, data, tx),
  });
  app.decorate("broadcasts", broadcastsService);
  /** A trigger's failure is logged; the request that caused it still succeeds. */
  const softly =
    <A extends unknown[]>(what: string, run: (...args: A) => Promise<unknown>) =>
    async (...args: A): Promise<void> => {
      try {
        await run(...args);
      } catch (error) {
        app.log.error({ err: error }, `notifications: ${what} failed`);
      }
    };

  // Caches of shared data, dropped in every process of the site after a change (decision 081).
  const cacheDrops = createCacheDrops({ redisUrl: config.redisUrl, log: app.log });
  app.addHook("onClose", () => cacheDrops.close());
  const configService = createConfigService(database.db, config);
  const dropConfig = cacheDrops.register("config", () => configService.invalidate());
  const catalogService = createCatalogService(database.db, cacheDrops);
  const profilesService = createProfilesService({ db: database.db, storage });
  // One budget of phone reveals for ads and business pages alike (against scraping).
  const phoneReveals = {
    perIp: app.createRateCounter({ name: "phone-reveal-ip", max: 30, windowMs: 3_600_000 }),
    perNetwork: app.createRateCounter({ name: "phone-reveal-network", max: 60, windowMs: 3_600_000 }),
    perUser: app.createRateCounter({ name: "phone-reveal-user", max: 60, windowMs: 3_600_000 }),
  };
  const adsService = createAdsService(database.db, phoneReveals, storage, cacheDrops, {
    moderated: softly("ad moderation", (ad, decision) => notificationsService.adModerated(ad, decision)),
    priceDropped: softly("price drop", (before, after) =>
      notificationsService.priceDropped({
        adId: after.id,
        // The old price in the new currency, as the crossed-out price shows it.
        oldPrice: after.currency === "USD" ? before.priceUsd : before.priceKgs,
        price: after.price,
        currency: after.currency as PriceDropJob["currency"],
      }),
    ),
    // The queue is opened below; an ad goes live only once the app serves requests.
    wentLive: async (adId) => {
      await jobs
        .send(savedSearchMatchJob, { adId })
        .catch((error: unknown) => app.log.error({ err: error, adId }, "saved-search match not queued"));
    },
  });
  // Views reach the ads' counters in batches (decision 045): every few seconds, and at close.
  const viewFlush = setInterval(() => {
    adsService
      .flushAdViews()
      .catch((error: unknown) => app.log.error({ err: error }, "ad views flush failed"));
  }, config.adViewsFlushMs);
  viewFlush.unref();
  app.addHook("onClose", async () => {
    clearInterval(viewFlush);
    await adsService.flushAdViews();
  });
  const businessesService = createBusinessesService({ db: database.db, storage, phoneReveals });
  const photosService = createPhotosService({
    db: database.db,
    storage,
    uploads: app.createRateCounter({ name: "photo-uploads", max: photoUploadsPerHour, windowMs: 3_600_000 }),
  });
  const chatsService: ChatsService = createChatsService({
    db: database.db,
    storage,
    emitToUser: (userId, event, ...args) => app.realtime.emitToUser(userId, event, ...args),
    messagesPerMinute: app.createRateCounter({
      name: "chat-messages",
      max: chatMessagesPerMinute,
      windowMs: 60_000,
      code: "CHAT_MESSAGES_TOO_FAST",
    }),
    newChatsYoung: app.createRateCounter({
      name: "chat-new-young",
      max: newChatsPerHourYoung,
      windowMs: 3_600_000,
      code: "CHAT_NEW_CHATS_LIMIT",
    }),
    newChats: app.createRateCounter({
      name: "chat-new",
      max: newChatsPerHour,
      windowMs: 3_600_000,
      code: "CHAT_NEW_CHATS_LIMIT",
    }),
    // A chat the receiver muted tells them nothing (decision 059).
    onMessageSent: softly("chat message", async (message) => {
      if (await chatsService.isMutedBy(message.receiverId, message.chatId)) return;
      await notificationsService.chatMessageSent(message);
    }),
  });
  const jobs = await startJobQueue(database, { workers: config.jobWorkers, log: app.log });
  app.addHook("onClose", () => jobs.stop());
  app.decorate("jobs", jobs);
  // Ads whose time is up leave the search within ten minutes, and owners are warned 3 days before.
  await jobs.define({
    name: "ad-expiry",
    cron: "*/10 * * * *",
    queue: { expireInSeconds: 600 },
    async run() {
      await adsService.archiveExpiredAds();
      await adsService.warnExpiringAds();
      await notificationsService.deliverExpiryWarnings();
    },
  });
  // Notification deliveries (decision 054): each email and push message is a job of its own.
  await jobs.define<DeliveryJob>({
    name: notificationJobs.email,
    run: (data) => notificationsService.deliverEmail(data),
  });
  await jobs.define<DeliveryJob>({
    name: notificationJobs.push,
    run: (data) => notificationsService.deliverPush(data),
  });
  await jobs.define<PriceDropJob>({
    name: notificationJobs.priceDrop,
    run: (data) => notificationsService.runPriceDrop(data),
  });
  await jobs.define<BroadcastJob>({
    name: notificationJobs.broadcast,
    // A retry resumes after the last account reached (decision 070).
    queue: { expireInSeconds: 3_600, retryLimit: 2 },
    run: (data) => broadcastsService.run(data),
  });
  // Photos uploaded but never given to an ad go after a day.
  await jobs.define({
    name: "unattached-photo-sweep",
    cron: "17 * * * *",
    queue: { expireInSeconds: 600 },
    async run() {
      await photosService.sweepUnattachedPhotos();
    },
  });
  // Photos stored before perceptual hashes existed get theirs (decision 066); a no-op once done.
  await jobs.define({
    name: "photo-hash",
    cron: "41 * * * *",
    queue: { expireInSeconds: 3_600, retryLimit: 0 },
    async run() {
      await photosService.hashStoredPhotos();
    },
  });
  // Saved searches (decision 055): matched when an ad goes live, daily digests every hour's turn.
  const savedSearchesService = createSavedSearchesService(
    database.db,
    createNotifyingAlerts(
      (userId, event, ...args) => app.realtime.emitToUser(userId, event, ...args),
      (userId, payload, channels) =>
        notificationsService.notify(userId, "savedSearchMatch", payload, { channels }),
    ),
  );
  await jobs.define<{ adId: number }>({
    name: savedSearchMatchJob,
    queue: { expireInSeconds: 300 },
    async run({ adId }) {
      await savedSearchesService.matchAd(adId);
    },
  });
  await jobs.define({
    name: "saved-search-digest",
    cron: "0 * * * *",
    queue: { expireInSeconds: 900 },
    async run() {
      await savedSearchesService.sendDigests();
    },
  });
  // Money (decision 061): the configured providers, their notices, and the reconciliation job.
  const sandboxSecret = config.payments.sandbox
    ? (config.payments.sandboxSecret ?? keys.sandboxWebhook)
    : undefined;
  const providers: Partial<Record<PaymentProviderAdapter["name"], PaymentProviderAdapter>> = {
    ...(sandboxSecret ? { sandbox: createSandboxProvider() } : {}),
    ...(config.payments.freedomPay
      ? { freedompay: createFreedomPayProvider(config.payments.freedomPay, config.publicOrigin) }
      : {}),
  };
  const moneyService = createMoneyService({
    db: database.db,
    providers,
    sendJob: (name, data) => jobs.send(name, data),
    sendReceipt: (userId, payload) => notificationsService.notify(userId, "paymentReceipt", payload),
    log: app.log,
  });
  app.decorate("money", moneyService);
  await jobs.define<SandboxNoticeJob>({
    name: sandboxNoticeJob,
    queue: { expireInSeconds: 60, retryDelay: 5 },
    async run(notice) {
      if (!sandboxSecret) throw new Error("the sandbox provider is off");
      await deliverSandboxNotice((request) => app.inject(request), sandboxSecret, notice);
    },
  });
  await jobs.define({
    name: paymentReconcileJob,
    cron: "*/10 * * * *",
    queue: { expireInSeconds: 600 },
    run: () => moneyService.reconcilePayments(),
  });
  // Paid services (decision 063): bought effects are `*_until` times; auto-raises run every 5 minutes.
  const servicesService = createServicesService({
    db: database.db,
    forgetSearches: () => adsService.forgetSearches(),
  });
  await jobs.define({
    name: paidServicesJob,
    cron: "*/5 * * * *",
    queue: { expireInSeconds: 300 },
    run: async () => {
      await servicesService.runAutoRaises();
    },
  });
  // A promoted ad whose premium, VIP or TOP ran out moves to its tier now in force within a minute.
  await jobs.define({
    name: promotedTiersJob,
    cron: "* * * * *",
    queue: { expireInSeconds: 60 },
    run: async () => {
      await servicesService.refreshPromotedTiers();
    },
  });
  // Plans (decision 064): renewals, their notices and ends, every 10 minutes.
  const plansService = createPlansService({
    db: database.db,
    notify: (userId, kind, payload) => notificationsService.notify(userId, kind, payload),
    log: app.log,
  });
  app.decorate("plans", plansService);
  await jobs.define({
    name: planRenewalJob,
    cron: "*/10 * * * *",
    queue: { expireInSeconds: 600 },
    async run() {
      await plansService.runRenewals();
    },
  });
  const reviewsService = createReviewsService({
    db: database.db,
    storage,
    reports: app.createRateCounter({
      name: "review-reports",
      max: reviewReportsPerHour,
      windowMs: 3_600_000,
    }),
    onReviewWritten: softly("new review", (review) =>
      notificationsService.notify(review.seller.id, "reviewNew", {
        reviewId: review.id,
        authorName: review.author.name,
        stars: review.stars,
        link: `/profile/${review.seller.id}`,
      }),
    ),
    onReplyWritten: softly("review reply", (review) =>
      notificationsService.notify(review.author.id, "reviewReply", {
        reviewId: review.id,
        sellerName: review.seller.name,
        link: `/profile/${review.seller.id}`,
      }),
    ),
  });
  const moderationService = createModerationService({
    db: database.db,
    storage,
    ads: adsService,
    reviews: reviewsService,
    blockUser: (userId, by) => accounts.users.blockUser(userId, by),
    notify: (userId, payload) => notificationsService.notify(userId, "moderationNotice", payload),
  });
  const contentService = createContentService({
    db: database.db,
    contactPerIp: app.createRateCounter({ name: "contact-ip", max: 5, windowMs: 3_600_000 }),
    contactPerContact: app.createRateCounter({ name: "contact-login", max: 3, windowMs: 3_600_000 }),
    cacheDrops,
  });
  const bannersService = createBannersService({ db: database.db, storage, cacheDrops });
  app.decorate("services", {
    configService,
    catalogService,
    adsService,
    profilesService,
    savedSearchesService,
    sitemapService: createSitemapService(database.db),
    reviewsService,
    businessesService,
    servicesService,
    contentService,
    bannersService,
    resolveViewer: accounts.resolveViewer,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: "Unaa API",
        version: API_VERSION,
        description:
          "Every call sends `X-Lang` (ky, ru, en) and `X-Api-Version`. Errors answer " +
          "`{ code, message, errors? }`; `errors` lists field errors as `{ path, code, message }`.",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  await app.register(
    async (api) => {
      // First: it sets `request.user` for every API route (and serves /auth and /user).
      await api.register(accounts.apiRoutes);
      await api.register(healthRoutes, { database });
      await api.register(configsRoutes, { configService });
      await api.register(catalogRoutes, { catalogService });
      await api.register(adsRoutes, { adsService });
      await api.register(profilesRoutes, { profilesService });
      await api.register(photosRoutes, { photosService });
      await api.register(businessesRoutes, { businessesService });
      await api.register(chatsRoutes, { chatsService });
      await api.register(chatPhotosRoutes, { chatsService, resolveViewer: accounts.resolveViewer });
      await api.register(notificationsRoutes, { notificationsService });
      await api.register(savedSearchesRoutes, { savedSearchesService });
      await api.register(moneyRoutes, {
        moneyService,
        sandboxSecret,
        freedomPay: config.payments.freedomPay,
      });
      await api.register(plansRoutes, { plansService });
      await api.register(reviewsRoutes, { reviewsService });
      await api.register(moderationRoutes, { moderationService });
      await api.register(dashboardRoutes, {
        dashboardService: createDashboardService({
          db: database.db,
          storage,
          users: accounts.users,
          onBlocked: (userId) => app.realtime.endUser(userId, socketExceptionStatuses.blocked),
        }),
      });
      await api.register(opsRoutes, {
        opsService: createOpsService({ db: database.db, onRegionsChanged: dropConfig }),
      });
      await api.register(dashboardPaymentsRoutes, { db: database.db, moneyService });
      await api.register(dashboardSubscribesRoutes, { db: database.db });
      await api.register(statsRoutes, { statsService: createStatsService({ db: database.db }) });
      await api.register(servicesRoutes, { servicesService });
      await api.register(contentRoutes, { contentService });
      await api.register(broadcastsRoutes, { broadcastsService });
      await api.register(bannersRoutes, { bannersService });
      await api.register(dashboardSettingsRoutes, {
        db: database.db,
        onChanged: dropConfig,
      });
      // Any other /api path is a JSON 404, never the HTML page.
      api.all("/*", { schema: { hide: true } }, async () => {
        throw new AppError("ROUTE_NOT_FOUND");
      });
    },
    { prefix: "/api" },
  );

  return app;
}

/** Notification emails: the outbox (development, tests) unless codes go live with an SMTP server. */
function createMailSender(app: FastifyInstance, config: Config, database: DatabaseHandle): MailSender {
  if (config.codeDelivery === "outbox" || !config.smtp) {
    return createOutboxMailSender(
      (message) =>
        insertOutboxMessage(database.db, {
          channel: "email",
          destination: message.to,
          subject: message.subject,
          body: message.text,
        }),
      app.log,
    );
  }
  const smtp = createSmtpMailSender(config.smtp);
  app.addHook("onClose", async () => smtp.close());
  return smtp;
}
