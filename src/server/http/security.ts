import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

// The map screens load AMap's script, which fetches its tiles, styles and data from these hosts.
const AMAP_HOSTS = ['https://*.amap.com', 'https://*.autonavi.com', 'https://*.is.autonavi.com'];

/**
 * Security headers on every answer, pages and API alike. Scripts come only from this server (and AMap's hosts for
 * the map); inline styles stay allowed because the page's boot splash, Blueprint's popovers and the API index use
 * them; nothing may frame the app, so a hostile page cannot overlay it to steal clicks.
 */
export async function registerSecurityHeaders(server: FastifyInstance): Promise<void> {
  await server.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...AMAP_HOSTS],
        styleSrc: ["'self'", "'unsafe-inline'", ...AMAP_HOSTS],
        imgSrc: ["'self'", 'data:', 'blob:', ...AMAP_HOSTS],
        fontSrc: ["'self'", 'data:'],
        // The hub's WebSocket is same-origin; `'self'` covers ws: and wss: to this host in current browsers.
        connectSrc: ["'self'", ...AMAP_HOSTS],
        workerSrc: ["'self'", 'blob:'],
        mediaSrc: ["'self'", 'blob:', 'data:'],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Cross-origin isolation would break AMap's cross-origin scripts and images.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}

/**
 * Cross-origin calls only from the configured origins (an ABP client served from its own host); with none configured
 * no CORS header is sent, so browsers keep every other origin out. Preflights answer 204 before authentication.
 *
 * A configured origin may send any request header: its preflight's requested headers are allowed back, as ABP's own
 * server does. The origin is the trust decision; a header list would add no protection against a page already trusted
 * with the user's token, and would break each client version that adds a header (abp-ng2-module's no-cache trio,
 * abp.js's X-XSRF-TOKEN, ABP 10's Abp-TenantId).
 */
export async function registerCors(server: FastifyInstance, config: ServerConfig): Promise<void> {
  if (config.corsOrigins.length === 0) return;
  const allowed = new Set(config.corsOrigins);
  await server.register(fastifyCors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    exposedHeaders: ['Content-Disposition'],
    maxAge: 600,
  });
}
