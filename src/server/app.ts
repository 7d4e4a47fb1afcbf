import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { RESOURCES } from '../shared/resources';
import { createTokenService, loadSecret } from './auth/tokens';
import type { ServerConfig } from './config';
import { ResourceServices } from './crud/engine';
import { registerResource } from './crud/endpoints';
import { isConnectionFailure, type Db } from './db/database';
import { AppServiceRegistry, mountAppServices } from './http/app-services';
import type { Services } from './http/context';
import { multipartOptions } from './http/uploads';
import { mountFileRoutes } from './files';
import { AppError, errors } from './http/errors';
import { checkJsonBody, MAX_JSON_DEPTH } from './http/json-body';
import { failure } from './http/envelope';
import { registerCors, registerSecurityHeaders } from './http/security';
import { resolveLanguage } from './http/culture';
import { translate } from '../shared/locales';
import { mountTokenAuth } from './modules/auth/authenticate';
import { mountDisplayAuth } from './modules/bigdata';
import { attachChat } from './modules/chat';
import { mountOpenApi } from './modules/docs/openapi';
import { RESOURCE_MODULES, SERVICE_MODULES } from './modules';
import { mountDeviceIngest } from './modules/monitoring';
import { mountCollectorPositions } from './modules/collectors/locations';
import { mountExchangeDevice } from './modules/points/redemption';
import { mountStationDropOffs } from './modules/points/stations';
import { startSweeper } from './sweeper';
import { mountUserConfiguration } from './modules/session/user-configuration';
import { registerHub } from './realtime';
import { audienceOf } from './modules/events';
import { loadSession } from './http/context';
import { propertyOf, textOf } from '../shared/json';
import { DEFAULT_TIME_ZONE, systemClock, type Clock } from '../shared/time';
import { onTenantClock } from './time';

export interface App {
  server: FastifyInstance;
  services: Services;
  registry: AppServiceRegistry;
}

export interface AppOptions {
  /** Silence request logs (tests, benchmarks). */
  quiet?: boolean;
  /** Hub keep-alive override for tests. */
  hubKeepAliveMs?: number;
  /** The hub's whole channel prefix, instead of the deployment's (tests of the fan-out itself). */
  hubChannelPrefix?: string;
  /** The server's clock; tests set one to put the server just before or after a midnight. */
  clock?: Clock;
}

/** Every app service of the product: the declared resources through the engine, with their modules, then the rest. */
function buildRegistry(): AppServiceRegistry {
  const registry = new AppServiceRegistry(new ResourceServices());
  for (const resource of RESOURCES) {
    registerResource(registry, registry.resources, resource, RESOURCE_MODULES.find((m) => m.resource === resource)?.hooks);
  }
  for (const module of RESOURCE_MODULES) module.methods?.(registry);
  for (const register of SERVICE_MODULES) register(registry);
  return registry;
}

/** `<table>_<column>_uq` → the camelCase field it guards. */
function uniqueViolationMember(error: unknown): string {
  const table = textOf(error, 'table');
  const constraint = textOf(error, 'constraint');
  const column = constraint && table && constraint.startsWith(`${table}_`) && constraint.endsWith('_uq')
    ? constraint.slice(table.length + 1, -3) : 'id';
  return column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** JSON bodies: an empty body binds as {} (ABP clients post nothing to parameterless methods); too deep or bad is a 400. */
function parseJsonBodies(server: FastifyInstance): void {
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body).trim();
    if (!text) return done(null, {});
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      const error = new Error('The request body is not valid JSON.') as FastifyError;
      error.statusCode = 400;
      return done(error, undefined);
    }
    const problem = checkJsonBody(parsed);
    if (!problem) return done(null, parsed);
    const language = resolveLanguage(request);
    const message = problem.kind === 'depth'
      ? `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`
      : translate(language, 'validation.pattern', { field: problem.member });
    done(errors.invalid(language, problem.member, message), undefined);
  });
}

/** Every failure answers in the ABP envelope: a field-named 400, a 503 while the database is away, never a stack. */
function answerErrorsInEnvelope(server: FastifyInstance): void {
  server.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return reply.code(error.status).send(failure(error));
    const language = resolveLanguage(request);
    if (propertyOf(error, 'code') === '23505') {
      // A concurrent write took a unique value between our check and our insert.
      const member = uniqueViolationMember(error);
      const message = translate(language, 'validation.taken', { field: member });
      return reply.code(400).send(failure(new AppError(400, translate(language, 'errors.invalidRequest'), message, [{ message, members: [member] }])));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(failure(new AppError(error.statusCode, translate(language, 'errors.invalidRequest'), error.message,
        [{ message: error.message, members: ['input'] }])));
    }
    if (isConnectionFailure(error)) {
      // The database is restarting or unreachable: an outage, not a fault of the request or the server. Its
      // transaction did not commit as far as the server knows, and the same request may be sent again shortly.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send(failure(new AppError(503, translate(language, 'errors.databaseUnavailable'))));
    }
    request.log.error(error);
    return reply.code(500).send(failure(new AppError(500, translate(language, 'errors.internal'))));
  });
}

/** Every JSON answer writes its instants on the clock of the tenant it answers (the context sets which). */
function answerOnTenantClocks(server: FastifyInstance): void {
  server.decorateRequest('answerZone', null);
  server.addHook('preSerialization', async (request, _reply, payload) => onTenantClock(payload, request.answerZone ?? DEFAULT_TIME_ZONE));
}

/** The built client: files with long caching (index.html never cached), and the app page for every client route. */
async function serveClient(server: FastifyInstance, config: ServerConfig): Promise<void> {
  const indexFile = path.join(config.publicDir, 'index.html');
  if (fs.existsSync(indexFile)) {
    await server.register(fastifyStatic, {
      root: config.publicDir,
      // Look files up per request: a client rebuilt while the server runs is served without a restart.
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('cache-control', file.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable');
      },
    });
  }
  // The client routes with the History API: unknown GETs outside the API get the app; everything else is a bare 404.
  server.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isPage = request.method === 'GET' && !/^\/(api|abpuserconfiguration|swagger|chatmsg)(\/|$)/i.test(path) && !/\.\w+$/.test(path);
    if (isPage && fs.existsSync(indexFile)) {
      return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));
    }
    return reply.code(404).send();
  });
}

/** Builds the whole server on a migrated database; main.ts listens, tests call `inject` or listen on port 0. */
export async function buildApp(db: Db, config: ServerConfig, options: AppOptions = {}): Promise<App> {
  const server = Fastify({
    logger: options.quiet ? false : { level: 'info' },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 5 * 1024 * 1024,
    trustProxy: config.trustProxy,
  });

  // Before any route: the hub's negotiate and every API route answer preflights and carry the headers.
  await registerSecurityHeaders(server);
  await registerCors(server, config);
  parseJsonBodies(server);
  answerErrorsInEnvelope(server);

  const tokens = createTokenService(loadSecret(config.jwtSecret, config.dataDir));
  const services: Services = { db, tokens, config, hub: null, clock: options.clock ?? systemClock };
  answerOnTenantClocks(server);

  services.hub = await registerHub(server, {
    path: '/chatmsg',
    // ABP's starter clients negotiate at '/signalr' (with the enc_auth_token query); it is the same hub.
    alsoAt: ['/signalr'],
    authenticate: async (token) => {
      const subject = await tokens.verify(token);
      if (!subject) return null;
      // What the connection may see is fixed for its life: a changed role or link takes effect on reconnect.
      const session = await loadSession(db, subject);
      if (!session) return null;
      return {
        userId: subject.userId, tenantId: subject.tenantId, userName: subject.userName, audience: audienceOf(session),
        ...(subject.displayTokenId === undefined ? {} : { displayTokenId: subject.displayTokenId }),
      };
    },
    decryptEncToken: (enc) => tokens.decrypt(enc),
    redisUrl: config.redisUrl,
    channelPrefix: options.hubChannelPrefix ?? `${config.redisChannelPrefix}:hub`,
    keepAliveMs: options.hubKeepAliveMs,
  });
  // ABP's hub client calls `register` once connected; its common hub only acknowledges it, and so does this one.
  services.hub.addMethod('register', () => null);
  attachChat(server, services);

  const registry = buildRegistry();
  // Multipart bodies are parsed only on the app-service route (upload methods); elsewhere they stay unsupported (415).
  await server.register(async (scope) => {
    await scope.register(fastifyMultipart, multipartOptions(config));
    mountAppServices(scope, registry, services);
  });
  mountFileRoutes(server, services, registry.resources);
  mountDeviceIngest(server, services);
  mountStationDropOffs(server, services, registry.resources);
  mountExchangeDevice(server, services, registry.resources);
  mountCollectorPositions(server, services, registry.resources);
  mountTokenAuth(server, services);
  mountDisplayAuth(server, services);
  mountUserConfiguration(server, services);
  mountOpenApi(server, registry);
  await serveClient(server, config);

  const sweeper = startSweeper(services, registry.resources, config.sweepIntervalMs, (error) => server.log.error(error));
  server.addHook('onClose', async () => {
    await sweeper.stop();
    await services.hub?.close();
  });
  return { server, services, registry };
}
