import type { Language } from '../../shared/resource-kit';
import { translate } from '../../shared/locales';

export interface ValidationErrorInfo {
  message: string;
  members: string[];
}

/** An error the client is meant to see; everything else becomes ABP's generic internal-error envelope. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: string | null = null,
    readonly validationErrors: ValidationErrorInfo[] | null = null,
    readonly unAuthorizedRequest = false,
    readonly code = 0,
  ) {
    super(message);
  }
}

export const errors = {
  validation(language: Language, validationErrors: ValidationErrorInfo[]): AppError {
    const details = validationErrors.map((e) => ` - ${e.message}`).join('\n');
    return new AppError(400, translate(language, 'errors.invalidRequest'), `${translate(language, 'errors.validationNarrative')}\n${details}`, validationErrors);
  },
  invalid(language: Language, member: string, message: string): AppError {
    return errors.validation(language, [{ message, members: [member] }]);
  },
  notLoggedIn(language: Language): AppError {
    return new AppError(401, translate(language, 'errors.notLoggedIn'), null, null, true);
  },
  forbidden(language: Language, permissions: string[]): AppError {
    return new AppError(403, translate(language, 'errors.forbidden', { permissions: permissions.join(', ') }), null, null, true);
  },
  /** A display's token calling outside the wall: refused whatever its account holds. */
  wallOnly(language: Language): AppError {
    return new AppError(403, translate(language, 'bigdata.displayTokenWallOnly'), null, null, true);
  },
  notFound(language: Language, type: string, id: unknown): AppError {
    return new AppError(404, translate(language, 'errors.notFound', { type, id: String(id) }));
  },
  /** ABP's UserFriendlyException: a 500 whose message and details are meant for people. */
  userFriendly(message: string, details: string | null = null): AppError {
    return new AppError(500, message, details);
  },
  /** A sign-in refused for good, not for a typo (a revoked display token): 401, so the caller does not try again. */
  signInRefused(message: string, details: string): AppError {
    return new AppError(401, message, details, null, true);
  },
  conflict(language: Language, details: string | null = null): AppError {
    return new AppError(409, translate(language, 'errors.conflict'), details, null, false, 409);
  },
};
