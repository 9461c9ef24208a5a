import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { LogFn, Logger } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import type { Config } from './config';
import type { Db } from './db/client';
import { registerErrorHandling } from './http/error-handler';
import { agentRoutes } from './modules/agents/agent-routes';
import { authRoutes } from './modules/auth/auth-routes';
import { contentRoutes } from './modules/content/content-routes';
import { dashboardRoutes } from './modules/dashboards/dashboard-routes';
import { contentAdminRoutes } from './modules/content/content-admin-routes';
import { notificationRoutes } from './modules/notifications/notification-routes';
import { gameRoutes } from './modules/game/game-routes';
import { identityRoutes } from './modules/auth/identity-routes';
import { createSmsProvider, type SmsProvider } from './platform/sms/sms-provider';
import { createPaymentProvider } from './platform/payments/create-payment-provider';
import type { PaymentProvider } from './platform/payments/payment-provider';
import { paymentRoutes } from './modules/payments/payment-routes';
import { transferRoutes } from './modules/payout-transfers/transfer-routes';
import { shopRoutes } from './modules/shop/shop-routes';
import { ledgerRoutes } from './modules/ledger/ledger-routes';
import { playerRoutes } from './modules/players/player-routes';
import { withdrawalRoutes } from './modules/withdrawals/withdrawal-routes';
import { withdrawalAdminRoutes } from './modules/withdrawals/withdrawal-admin-routes';
import { payoutRoutes } from './modules/payout/payout-routes';
import { operatorRoutes } from './modules/operators/operator-routes';
import { backofficeRoutes } from './modules/backoffice/backoffice-routes';
import { catalogRoutes } from './modules/catalog/catalog-routes';
import { reportRoutes } from './modules/reports/reports-routes';
import { gameAdminRoutes } from './modules/game-admin/game-admin-routes';
import { payoutFileRoutes } from './modules/payout-files/payout-file-routes';
import { refundRoutes } from './modules/refunds/refund-routes';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation-routes';
import { docsPlugin } from './plugins/docs';
import { healthPlugin } from './plugins/health';
import { metricsPlugin } from './plugins/metrics';
import { rateLimitPlugin, rateLimitPrefix } from './plugins/rate-limit';
import { requestContextPlugin } from './plugins/request-context';
import { securityHeadersPlugin } from './plugins/security-headers';
import { API_COMPRESSION, smallAnswersPlugin } from './plugins/small-answers';
import { inlineScriptHashes, webPlugin, webRootOf } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    platform: Platform;
  }
}

/** Adapters to the outside world; tests may replace any of them with a local stand-in. */
export interface Platform {
  sms: SmsProvider;
  payments: PaymentProvider;
}

export interface AppDeps {
  config: Config;
  db: Db;
  /** Tests pass false to keep their output clean; the server logs JSON lines with pino. */
  logger?: boolean;
  /** Prefix of the rate-limit counters; default: the deployment's own (plugins/rate-limit.ts rateLimitPrefix). */
  rateLimitNamespace?: string;
  platform?: Partial<Platform>;
  /** Where the log goes (default standard output); a test reads it to check what a flow logs. */
  logStream?: { write(line: string): void };
}

/**
 * Never written to a log: session tokens, device tokens, passwords, SMS codes, signatures, and a payout account's
 * number wherever an object carrying one were logged (nothing logs one; this is the net under that).
 */
export const REDACTED_PATHS = [
  'req.headers["xx-token"]',
  'req.headers["x-operator-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-game-signature"]',
  'req.headers["x-device"]',
  'accountNo',
  '*.accountNo',
  '*.*.accountNo',
];

/**
 * A phone that leaves a page while a compressed answer streams makes the compression plugin log the broken pipe
 * ("premature close") as an error: nothing is wrong on the server, so it is written at debug level instead.
 */
function quietClientAborts(this: Logger, args: Parameters<LogFn>, method: LogFn, level: number): void {
  const [first] = args;
  // Logged as the error itself or as `{ err }`; Node's streams name it by its code, the end-of-stream package (under
  // pump and @fastify/static's send) only by its message.
  const err = first instanceof Error ? first : (first as { err?: unknown } | undefined)?.err;
  if (
    level >= 50 &&
    err instanceof Error &&
    ((err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' ||
      err.message === 'premature close')
  ) {
    this.debug({ err }, 'the client closed the connection before the answer was sent');
    return;
  }
  method.apply(this, args);
}

/**
 * Composes the app in a fixed order: external plugins, app plugins, then the routes of each domain module.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: deps.config.logLevel,
            redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
            hooks: { logMethod: quietClientAborts },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    genReqId: () => randomUUID(),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 256 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', deps.config);
  app.decorate('db', deps.db);
  app.decorate('platform', {
    sms: deps.platform?.sms ?? createSmsProvider(deps.config, app.log),
    payments: deps.platform?.payments ?? createPaymentProvider(deps.config),
  });

  // Answers over 1 KB are compressed for clients that ask (brotli at a fast quality, else gzip); the SPA's files come
  // precompressed from the build (plugins/web.ts), which this leaves alone.
  await app.register(compress, {
    global: true,
    threshold: API_COMPRESSION.threshold,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: API_COMPRESSION.brotliQuality } },
    zlibOptions: { level: API_COMPRESSION.gzipLevel },
  });
  // Answers of 1 to 64 KB are compressed in one call before @fastify/compress sees them (decision 028).
  await app.register(smallAnswersPlugin);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The first paint's inline script, by its hash (plugins/web.ts).
        scriptSrc: ["'self'", ...inlineScriptHashes(webRootOf(deps.config))],
        // MUI/Emotion inject style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    // The SPA is opened inside the game's web view and WeChat; those do not send COEP-friendly resources.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(requestContextPlugin);
  await app.register(rateLimitPlugin, { namespace: deps.rateLimitNamespace ?? rateLimitPrefix(deps.config) });
  // Request latency is timed for every route registered after it; /metrics and the load balancer's /health probes
  // (plugins/metrics.ts, plugins/health.ts: outside /api and its envelope).
  await app.register(metricsPlugin);
  await app.register(healthPlugin);
  await app.register(docsPlugin);
  registerErrorHandling(app);

  await app.register(authRoutes);
  await app.register(identityRoutes);
  await app.register(agentRoutes);
  await app.register(contentRoutes);
  await app.register(dashboardRoutes);
  await app.register(ledgerRoutes);
  await app.register(playerRoutes);
  await app.register(withdrawalRoutes);
  await app.register(payoutRoutes);
  await app.register(shopRoutes);
  await app.register(paymentRoutes);
  await app.register(transferRoutes);
  await app.register(gameRoutes);
  await app.register(operatorRoutes);
  await app.register(withdrawalAdminRoutes);
  await app.register(backofficeRoutes);
  await app.register(contentAdminRoutes);
  await app.register(notificationRoutes);
  await app.register(catalogRoutes);
  await app.register(reportRoutes);
  await app.register(gameAdminRoutes);
  await app.register(payoutFileRoutes);
  await app.register(refundRoutes);
  await app.register(reconciliationRoutes);
  await app.register(webPlugin);
  return app;
}
