import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/resource-kit';
import { readCookie } from './cookies';
import { recordOf } from '../../shared/json';

/** Maps ABP/ASP.NET culture names (zh-Hans, zh-CN, en, en-US…) to the two interface languages. */
export function toLanguage(name: string | undefined | null): Language | null {
  if (!name) return null;
  const lower = name.trim().toLowerCase();
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower.startsWith('en')) return 'en-US';
  return null;
}

/** `c=zh-CN|uic=zh-CN` or a plain culture name. */
function fromCultureValue(value: string | undefined): Language | null {
  if (!value) return null;
  const uic = /uic=([^|]+)/.exec(value)?.[1];
  const c = /(?:^|\|)c=([^|]+)/.exec(value)?.[1];
  return toLanguage(uic ?? c ?? value);
}

/**
 * The language of a request's answer, in ABP's order: query, the user's own setting (when known), header, cookie,
 * Accept-Language, default. The one place a request's language is read.
 */
export function resolveLanguage(request: Pick<FastifyRequest, 'query' | 'headers'>, userLanguage: string | null = null): Language {
  const query = recordOf(request.query);
  const header = request.headers['.aspnetcore.culture'];
  return (
    toLanguage(String(query['ui-culture'] ?? query.culture ?? '') || null) ??
    toLanguage(userLanguage) ??
    fromCultureValue(Array.isArray(header) ? header[0] : header) ??
    fromCultureValue(readCookie(request, '.AspNetCore.Culture')) ??
    toLanguage(request.headers['accept-language']?.split(',')[0]) ??
    DEFAULT_LANGUAGE
  );
}
