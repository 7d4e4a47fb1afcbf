import type { FastifyReply } from 'fastify';
import type { AppError } from './errors';

/** ABP's AjaxResponse: the shape every API answer has. */
export interface Envelope<T> {
  result: T | null;
  targetUrl: null;
  success: boolean;
  error: { code: number; message: string; details: string | null; validationErrors: AppError['validationErrors'] } | null;
  unAuthorizedRequest: boolean;
  __abp: true;
}

export function success<T>(result: T): Envelope<T> {
  return { result: result === undefined ? null : result, targetUrl: null, success: true, error: null, unAuthorizedRequest: false, __abp: true };
}

export function failure(error: AppError): Envelope<null> {
  return {
    result: null,
    targetUrl: null,
    success: false,
    error: { code: error.code, message: error.message, details: error.details, validationErrors: error.validationErrors },
    unAuthorizedRequest: error.unAuthorizedRequest,
    __abp: true,
  };
}

export function sendSuccess(reply: FastifyReply, result: unknown): FastifyReply {
  return reply.code(200).header('content-type', 'application/json; charset=utf-8').send(success(result));
}
