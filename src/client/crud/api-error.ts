import type { CrudError } from './types';

interface EnvelopeError {
  message?: string;
  details?: string | null;
  validationErrors?: { message: string; members?: string[] }[] | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function fromEnvelope(error: EnvelopeError, status?: number): CrudError {
  return {
    message: error.message || 'Error',
    details: error.details ?? null,
    status,
    validationErrors: (error.validationErrors ?? []).map((v) => ({ message: v.message, members: v.members ?? [] })),
  };
}

/**
 * Reduces whatever a failed `callApi` threw to a serialisable `CrudError`: an axios error carrying the ABP envelope
 * (`response.data.error`), an envelope error passed on by an interceptor, or a plain Error (no response at all).
 */
export function toCrudError(thrown: unknown): CrudError {
  if (isObject(thrown)) {
    const response = thrown.response;
    if (isObject(response)) {
      const status = typeof response.status === 'number' ? response.status : undefined;
      const data = response.data;
      if (isObject(data) && isObject(data.error)) return fromEnvelope(data.error as EnvelopeError, status);
      return { message: typeof thrown.message === 'string' ? thrown.message : `HTTP ${status ?? ''}`.trim(), status };
    }
    if (isObject(thrown.error) && typeof thrown.error.message === 'string') return fromEnvelope(thrown.error as EnvelopeError);
    if (typeof thrown.message === 'string' && Array.isArray(thrown.validationErrors)) return fromEnvelope(thrown as EnvelopeError);
    if (typeof thrown.message === 'string') return { message: thrown.message };
  }
  return { message: String(thrown) };
}

/** One line for a notice: the message, then the details when they add something. */
export function describeError(error: CrudError): string {
  return error.details && error.details !== error.message ? `${error.message} ${error.details}` : error.message;
}
