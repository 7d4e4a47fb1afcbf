import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { admitToken, authorize } from '../http/app-services';
import { buildContext, type Services } from '../http/context';
import { errors } from '../http/errors';
import type { ResourceServices } from '../crud/engine';
import { findFileOwner, mayReadFile } from './owners';
import { findStoredFile, storedFilePath } from './store';

/** RFC 5987 `ext-value` characters: everything else is percent-encoded, so any name survives the header. */
function contentDisposition(name: string): string {
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename*=UTF-8''${encoded}`;
}

/**
 * `GET /api/files/:id`: the bytes of a stored file to a logged-in user of its tenant holding one of its owner's
 * permissions. Another tenant's file is not found (404), not forbidden: its existence is not the caller's business.
 */
export function mountFileRoutes(app: FastifyInstance, services: Services, resources: ResourceServices): void {
  app.get<{ Params: { id: string } }>('/api/files/:id', async (request, reply) => {
    const ctx = { ...await buildContext(services, request), resources };
    if (!ctx.session) throw errors.notLoggedIn(ctx.language);
    // The wall shows no stored file.
    admitToken(ctx, null);
    const id = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : NaN;
    const file = Number.isSafeInteger(id) ? await findStoredFile(ctx.db, ctx.tenantId, id) : null;
    const owner = file && findFileOwner(file.resource);
    if (!file || !owner) throw errors.notFound(ctx.language, 'File', request.params.id);
    authorize(ctx, { anyOf: owner.permissions });
    if (!(await mayReadFile(ctx, file))) {
      throw errors.notFound(ctx.language, 'File', request.params.id);
    }

    const location = storedFilePath(services.config.uploadDir, file.tenantId, file.storageName);
    const stat = location ? await fs.promises.stat(location).catch(() => null) : null;
    if (!location || !stat?.isFile()) {
      request.log.error({ fileId: file.id }, 'stored file is missing on disk');
      throw errors.notFound(ctx.language, 'File', file.id);
    }
    return reply
      .header('content-type', file.contentType)
      .header('content-length', stat.size)
      .header('content-disposition', contentDisposition(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(fs.createReadStream(location));
  });
}
