import { errorCodes, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { PermissionName } from '../../shared/permissions';
import { permissionLabel } from '../../shared/navigation';
import { pick } from '../../shared/resource-kit';
import type { ResourceServices, ServiceContext } from '../crud/engine';
import { buildContext, type RequestContext, type Services } from './context';
import { errors } from './errors';
import { sendSuccess } from './envelope';
import { Input } from './input';
import { readUploadForm, type UploadedFile } from './uploads';
import { isRecord } from '../../shared/json';
import { WALL_METHODS } from '../../shared/bigdata';

type Verb = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call a method: anyone, any logged-in user, or a user holding at least one of the permissions. */
export type Access = 'anonymous' | 'user' | { anyOf: PermissionName[] };

export interface AppMethod {
  service: string;
  method: string;
  verb: Verb;
  access: Access;
  /**
   * Accepts `multipart/form-data` besides JSON: the files of form field `file` reach the handler as `files` (empty for
   * a JSON call), the other form fields its input. Other methods refuse multipart with 415, as without this option.
   */
  upload?: boolean;
  handler(ctx: ServiceContext, input: Input, files: readonly UploadedFile[]): Promise<unknown>;
  /** One line for the OpenAPI description. */
  summary?: string;
  /** Query/body parameters for the OpenAPI description; dates and date-times say so (`dateParameter('From')`). */
  parameters?: readonly MethodParameter[];
}

/** A parameter by name, or one whose value is a calendar date or an instant (OpenAPI's `date` and `date-time`). */
export type MethodParameter = string | { name: string; format: 'date' | 'date-time' };

export const dateParameter = (name: string): MethodParameter => ({ name, format: 'date' });
export const dateTimeParameter = (name: string): MethodParameter => ({ name, format: 'date-time' });
export const parameterName = (parameter: MethodParameter): string => (typeof parameter === 'string' ? parameter : parameter.name);

/** Every `/api/services/app/{Service}/{Method}` of the server, looked up case-insensitively as ABP does. */
export class AppServiceRegistry {
  private readonly methods = new Map<string, AppMethod>();

  /** `resources`: the standard operations of every declared resource, which every call's context carries. */
  constructor(readonly resources: ResourceServices) {}

  add(method: AppMethod): void {
    const key = methodKey(method.service, method.method);
    if (this.methods.has(key)) throw new Error(`Duplicate app service method ${key}`);
    this.methods.set(key, method);
  }

  /** Registers one handler under several names (ABP clients use both `ChangePwd` and `ChangePassword`). */
  alias(service: string, method: string, aliasName: string): void {
    const target = this.find(service, method);
    if (!target) throw new Error(`No method ${service}/${method} to alias`);
    this.add({ ...target, method: aliasName });
  }

  find(service: string, method: string): AppMethod | undefined {
    return this.methods.get(methodKey(service, method));
  }

  all(): AppMethod[] {
    return [...this.methods.values()];
  }
}

const methodKey = (service: string, method: string) => `${service}/${method}`.toLowerCase();

const WALL_METHOD_KEYS: ReadonlySet<string> = new Set(Object.values(WALL_METHODS).map((name) => name.toLowerCase()));

/**
 * A display's token opens the wall's own methods and nothing else, before and whatever its account's permissions say:
 * its secret sits in a URL on an unattended screen, and the account behind it could be granted more tomorrow.
 */
export function admitToken(ctx: RequestContext, method: Pick<AppMethod, 'service' | 'method'> | null): void {
  if (ctx.session?.tokenKind !== 'display') return;
  if (!method || !WALL_METHOD_KEYS.has(methodKey(method.service, method.method))) throw errors.wallOnly(ctx.language);
}

export function authorize(ctx: RequestContext, access: Access): void {
  if (access === 'anonymous') return;
  if (!ctx.session) throw errors.notLoggedIn(ctx.language);
  if (access === 'user') return;
  if (!access.anyOf.some((p) => ctx.isGranted(p))) {
    const names = access.anyOf.map((name) => pick(permissionLabel(name), ctx.language));
    throw errors.forbidden(ctx.language, names);
  }
}

/** One route serves every app service method: unknown names answer 404 and wrong verbs 405, both with empty bodies. */
export function mountAppServices(app: FastifyInstance, registry: AppServiceRegistry, services: Services): void {
  // A wall method the server lacks would leave the walls blank: the server does not start.
  for (const name of Object.values(WALL_METHODS)) {
    const [service, method] = name.split('/');
    if (!registry.find(service, method)) throw new Error(`The wall calls ${name}, which no app service serves`);
  }
  const dispatch = async (request: FastifyRequest<{ Params: { service: string; method: string } }>, reply: FastifyReply) => {
    const method = registry.find(request.params.service, request.params.method);
    // The multipart parser exists only for upload methods; everywhere else such a body stays unsupported.
    const multipart = typeof request.isMultipart === 'function' && request.isMultipart();
    if (multipart && !method?.upload) throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE();
    if (!method) return reply.code(404).send();
    if (request.method !== method.verb) return reply.code(405).header('allow', method.verb).send();
    const ctx: ServiceContext = { ...await buildContext(services, request), resources: registry.resources };
    admitToken(ctx, method);
    authorize(ctx, method.access);
    const useQuery = method.verb === 'GET' || method.verb === 'DELETE';
    let files: UploadedFile[] = [];
    let raw: unknown;
    if (multipart) {
      ({ fields: raw, files } = await readUploadForm(request, ctx.language, services.config.maxUploadBytes));
    } else {
      raw = (useQuery ? request.query : request.body) ?? {};
    }
    if (!isRecord(raw)) throw errors.invalid(ctx.language, 'input', 'The request body must be a JSON object.');
    const result = await method.handler(ctx, new Input(raw, ctx.language), files);
    return sendSuccess(reply, result);
  };
  app.route({ method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'], url: '/api/services/app/:service/:method', handler: dispatch });
}
