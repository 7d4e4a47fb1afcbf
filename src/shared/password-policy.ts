// The password rules, shared by the server (which enforces them) and the client (which shows them before the user types).

export interface PasswordPolicy {
  requiredLength: number;
  requireDigit: boolean;
  /** At least one letter of any case; beyond ABP's own settings, so a password of digits alone is refused. */
  requireLetter: boolean;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNonAlphanumeric: boolean;
  /** Refuse the passwords that attackers try first, whatever the other rules say. */
  rejectCommon: boolean;
}

/** Longer passwords are refused at login (ABP's MaxPlainPasswordLength), so none may be set either. */
export const PASSWORD_MAX_LENGTH = 32;

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  requiredLength: 8,
  requireDigit: true,
  requireLetter: true,
  requireLowercase: false,
  requireUppercase: false,
  requireNonAlphanumeric: false,
  rejectCommon: true,
};

/** Setting names as ABP Zero serves them in `AbpUserConfiguration/GetAll` (`setting.values`); the last two are ours. */
const PASSWORD_SETTINGS: Record<keyof PasswordPolicy, string> = {
  requiredLength: 'Abp.Zero.UserManagement.PasswordComplexity.RequiredLength',
  requireDigit: 'Abp.Zero.UserManagement.PasswordComplexity.RequireDigit',
  requireLowercase: 'Abp.Zero.UserManagement.PasswordComplexity.RequireLowercase',
  requireUppercase: 'Abp.Zero.UserManagement.PasswordComplexity.RequireUppercase',
  requireNonAlphanumeric: 'Abp.Zero.UserManagement.PasswordComplexity.RequireNonAlphanumeric',
  requireLetter: 'App.UserManagement.PasswordComplexity.RequireLetter',
  rejectCommon: 'App.UserManagement.PasswordComplexity.RejectCommonPasswords',
};

/** ABP setting values are strings: "8", "true", "false". */
export function policySettings(policy: PasswordPolicy): Record<string, string> {
  return Object.fromEntries(Object.entries(PASSWORD_SETTINGS).map(([key, name]) => [name, String(policy[key as keyof PasswordPolicy])]));
}

/** Reads the policy back from ABP setting values; a missing or unreadable value keeps the default. */
export function policyFromSettings(values: Record<string, string | undefined> | undefined): PasswordPolicy {
  const policy = { ...DEFAULT_PASSWORD_POLICY };
  const read = (key: keyof PasswordPolicy) => values?.[PASSWORD_SETTINGS[key]];
  const length = Number(read('requiredLength'));
  if (Number.isInteger(length) && length > 0) policy.requiredLength = Math.min(length, PASSWORD_MAX_LENGTH);
  for (const key of ['requireDigit', 'requireLetter', 'requireLowercase', 'requireUppercase', 'requireNonAlphanumeric', 'rejectCommon'] as const) {
    const value = read(key)?.toLowerCase();
    if (value === 'true' || value === 'false') policy[key] = value === 'true';
  }
  return policy;
}

type PasswordRule = 'length' | 'digit' | 'letter' | 'lowercase' | 'uppercase' | 'nonAlphanumeric' | 'common';

/** The rules a policy imposes, in the order they are shown and reported. */
export function activeRules(policy: PasswordPolicy): PasswordRule[] {
  const rules: PasswordRule[] = ['length'];
  if (policy.requireDigit) rules.push('digit');
  if (policy.requireLetter) rules.push('letter');
  if (policy.requireLowercase) rules.push('lowercase');
  if (policy.requireUppercase) rules.push('uppercase');
  if (policy.requireNonAlphanumeric) rules.push('nonAlphanumeric');
  if (policy.rejectCommon) rules.push('common');
  return rules;
}

const BREAKS: Record<Exclude<PasswordRule, 'common' | 'length'>, (password: string) => boolean> = {
  digit: (p) => !/\p{Nd}/u.test(p),
  letter: (p) => !/\p{L}/u.test(p),
  lowercase: (p) => !/\p{Ll}/u.test(p),
  uppercase: (p) => !/\p{Lu}/u.test(p),
  nonAlphanumeric: (p) => !/[^\p{L}\p{N}]/u.test(p),
};

/**
 * The rules a password breaks. `isCommon` is the server's list lookup; the client, without the list, leaves that
 * rule to the server.
 */
export function brokenRules(policy: PasswordPolicy, password: string, isCommon: (password: string) => boolean = () => false): PasswordRule[] {
  return activeRules(policy).filter((rule) => {
    if (rule === 'length') return [...password].length < policy.requiredLength || password.length > PASSWORD_MAX_LENGTH;
    if (rule === 'common') return isCommon(password);
    return BREAKS[rule](password);
  });
}

/** Translation key and parameters of a rule (`password.<rule>` in the locales). */
export const ruleText = (rule: PasswordRule, policy: PasswordPolicy) =>
  ({ key: `password.${rule}` as const, params: { min: policy.requiredLength, max: PASSWORD_MAX_LENGTH } });

/**
 * What a form choosing a new password says before asking the server (which also checks the common-password list):
 * the first rule the password breaks, else a confirmation that differs, else nothing.
 */
export function newPasswordProblem(policy: PasswordPolicy, password: string, confirmation: string) {
  const [broken] = brokenRules(policy, password);
  if (broken) return ruleText(broken, policy);
  return password === confirmation ? null : { key: 'shell.passwordMismatch' as const, params: {} };
}
