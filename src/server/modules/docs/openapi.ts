import type { FastifyInstance } from 'fastify';
import { DISPLAY_AUTH_PATH } from '../../../shared/bigdata';
import { parameterName, type AppServiceRegistry, type MethodParameter } from '../../http/app-services';
import { APPLICATION } from '../session/session';

/** An OpenAPI 3 description generated from the registry: it cannot drift from the endpoints that exist. */
function buildOpenApi(registry: AppServiceRegistry) {
  const paths: Record<string, Record<string, unknown>> = {
    '/api/TokenAuth/Authenticate': { post: { tags: ['TokenAuth'], summary: 'Log in; returns accessToken and encryptedAccessToken', security: [] } },
    [DISPLAY_AUTH_PATH]: { post: { tags: ['TokenAuth'], summary: 'A wall display signs in with its display token; returns a login\'s result and its tenantId', security: [] } },
    '/AbpUserConfiguration/GetAll': { get: { tags: ['AbpUserConfiguration'], summary: 'Client configuration', security: [] } },
  };
  for (const m of registry.all()) {
    const inQuery = m.verb === 'GET' || m.verb === 'DELETE';
    const parameters = m.parameters ?? [];
    const names = parameters.map(parameterName);
    const schemaOf = (p: MethodParameter) => (typeof p === 'string' ? {} : { type: 'string', format: p.format });
    paths[`/api/services/app/${m.service}/${m.method}`] = {
      [m.verb.toLowerCase()]: {
        tags: [m.service],
        summary: m.summary ?? `${m.service} ${m.method}`,
        description: m.access === 'anonymous' ? 'Anonymous' : m.access === 'user' ? 'Any logged-in user' : `Permission: ${m.access.anyOf.join(' or ')}`,
        ...(m.access === 'anonymous' ? { security: [] } : {}),
        ...(inQuery
          ? { parameters: parameters.map((p) => ({ name: parameterName(p), in: 'query', required: false, schema: { type: 'string', ...schemaOf(p) } })) }
          : m.upload
            ? { requestBody: { content: { 'multipart/form-data': { schema: { type: 'object', properties: Object.fromEntries(
              names.map((n) => [n, n === 'file' ? { type: 'string', format: 'binary' } : {}])) } } } } }
            : names.length > 0
              ? { requestBody: { content: { 'application/json': { schema: { type: 'object', properties: Object.fromEntries(parameters.map((p) => [parameterName(p), schemaOf(p)])) } } } } }
              : {}),
        responses: { 200: { description: 'ABP envelope: {result, success, error, unAuthorizedRequest, __abp}' } },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Waste management back office API', version: APPLICATION.version },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths,
  };
}

export function mountOpenApi(app: FastifyInstance, registry: AppServiceRegistry): void {
  const document = buildOpenApi(registry);
  app.get('/swagger/v1/swagger.json', async () => document);
  app.get('/swagger', async (_request, reply) => {
    const rows = Object.entries(document.paths).map(([path, ops]) => {
      const [verb, op] = Object.entries(ops)[0] as [string, { summary: string; description?: string }];
      return `<tr><td><code>${verb.toUpperCase()}</code></td><td><code>${path}</code></td><td>${op.summary}</td><td>${op.description ?? ''}</td></tr>`;
    });
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><meta charset="utf-8"><title>API</title>
<style>body{font:14px system-ui;margin:24px}td{padding:2px 8px;border-bottom:1px solid #ddd}</style>
<h1>API</h1><p>Machine-readable: <a href="/swagger/v1/swagger.json">/swagger/v1/swagger.json</a></p><table>${rows.join('')}</table>`);
  });
}
