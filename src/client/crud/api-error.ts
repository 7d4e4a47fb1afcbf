import { abpErrorOf } from '../api/errors';
import type { AbpError } from '../api/http';
import { isRecord, numberOf, propertyOf, textOf } from '../../shared/json';
import type { CrudError } from './types';

function fromAbp(error: AbpError, status?: number): CrudError {
  return {
    message: error.message || 'Error',
    details: error.details,
    status,
    validationErrors: (error.validationErrors ?? []).map((v) => ({ message: v.message, members: v.members })),
  };
}

/**
 * Reduces whatever a failed `callApi` threw to a serialisable `CrudError`: an axios error carrying the ABP envelope
 * (`response.data.error`), an envelope error passed on by an interceptor, or a plain Error (no response at all).
 */
export function toCrudError(thrown: unknown): CrudError {
  const response = propertyOf(thrown, 'response');
  if (isRecord(response)) {
    const status = numberOf(response, 'status');
    const error = abpErrorOf(propertyOf(response.data, 'error'));
    if (error) return fromAbp(error, status);
    return { message: textOf(thrown, 'message') ?? `HTTP ${status ?? ''}`.trim(), status };
  }
  const passedOn = abpErrorOf(propertyOf(thrown, 'error')) ?? (Array.isArray(propertyOf(thrown, 'validationErrors')) ? abpErrorOf(thrown) : null);
  if (passedOn) return fromAbp(passedOn);
  const message = textOf(thrown, 'message');
  return { message: message ?? String(thrown) };
}

/** One line for a notice: the message, then the details when they add something. */
export function describeError(error: CrudError): string {
  return error.details && error.details !== error.message ? `${error.message} ${error.details}` : error.message;
}
