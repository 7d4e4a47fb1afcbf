import { translate } from '../../shared/locales';
import { brokenRules, ruleText, type PasswordPolicy } from '../../shared/password-policy';
import type { Language } from '../../shared/resource-kit';
import type { RequestContext } from '../http/context';
import { errors, type ValidationErrorInfo } from '../http/errors';
import type { Input } from '../http/input';
import { isCommonPassword } from './common-passwords';

/** Every rule of the policy a new password breaks, as translated validation errors naming `member`. */
export function passwordProblems(policy: PasswordPolicy, password: unknown, member: string, language: Language): ValidationErrorInfo[] {
  if (typeof password !== 'string' || password === '') {
    return [{ message: translate(language, 'validation.required', { field: member }), members: [member] }];
  }
  return brokenRules(policy, password, isCommonPassword).map((rule) => {
    const { key, params } = ruleText(rule, policy);
    return { message: translate(language, key, params), members: [member] };
  });
}

/** Reads a password being set (new user, change, reset, new tenant's admin) and refuses it, all reasons at once, when it breaks the policy. */
export function readNewPassword(ctx: Pick<RequestContext, 'config' | 'language'>, input: Input, member: string): string {
  const password = input.get(member);
  const problems = passwordProblems(ctx.config.passwordPolicy, password, member, ctx.language);
  // A password that is not text has a problem already; the type check only tells the compiler so.
  if (problems.length > 0 || typeof password !== 'string') throw errors.validation(ctx.language, problems);
  return password;
}
