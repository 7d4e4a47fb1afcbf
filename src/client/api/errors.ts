import { isAxiosError } from 'axios';
import type { AbpError, AbpValidationError } from './http';
import { numberOf, propertyOf, recordsOf, textOf } from '../../shared/json';

export interface ErrorModalContent {
  /** Absent when the server did not answer: the modal then shows only the text. */
  title?: string;
  content: string;
  /** ABP validation errors (400), listed under the content. */
  validationErrors?: string[];
}

type Translate = (key: string) => string;

/** An ABP error object (`{message, details, validationErrors}`) read from whatever carried it; null if it is none. */
export function abpErrorOf(error: unknown): AbpError | null {
  const message = textOf(error, 'message');
  if (message === undefined) return null;
  const listed = propertyOf(error, 'validationErrors');
  const validationErrors = Array.isArray(listed) ? recordsOf(listed).map((v): AbpValidationError => ({
    message: textOf(v, 'message') ?? '',
    members: Array.isArray(v.members) ? v.members.filter((m): m is string => typeof m === 'string') : [],
  })) : null;
  return { code: numberOf(error, 'code') ?? 0, message, details: textOf(error, 'details') ?? null, validationErrors };
}

/** The ABP error of a response body (`{error: …}`), or null. */
function envelopeError(data: unknown): AbpError | null {
  return abpErrorOf(propertyOf(data, 'error'));
}

/**
 * What the error modal shows for a failed call:
 * - error with message and details → title = message, content = details;
 * - error with a message only → title = the localised login-failed text, content = message;
 * - no response at all → the localised unknown-error text;
 * - a response without an ABP error (an unwrapped 404/405) → nothing.
 */
export function describeApiError(error: unknown, t: Translate): ErrorModalContent | null {
  if (!isAxiosError(error)) return null;
  if (!error.response) {
    // A cancelled request is the caller's own doing, not a failure to report.
    if (error.code === 'ERR_CANCELED') return null;
    return { content: t('errors.unknown') };
  }
  const abpError = envelopeError(error.response.data);
  if (!abpError?.message) return null;
  const validationErrors = abpError.validationErrors?.map((v) => v.message).filter(Boolean);
  const extra = validationErrors?.length ? { validationErrors } : {};
  if (abpError.details) return { title: abpError.message, content: abpError.details, ...extra };
  return { title: t('errors.loginFailed'), content: abpError.message, ...extra };
}

/** A one-line reason for an inline message (login form, dialogs): the details when there are any, else the message. */
export function apiErrorMessage(error: unknown, t: Translate): string {
  if (isAxiosError(error) && error.response) {
    const abpError = envelopeError(error.response.data);
    if (abpError?.message) return abpError.details || abpError.message;
  }
  const described = describeApiError(error, t);
  if (described) return described.content;
  return error instanceof Error ? error.message : String(error);
}
