import { readConfig } from '../config';
import { DEFAULT_PASSWORD_POLICY, newPasswordProblem, policyFromSettings, policySettings } from '../../shared/password-policy';
import { passwordProblems } from './password-policy';

const messages = (policy = DEFAULT_PASSWORD_POLICY, password: unknown = '') =>
  passwordProblems(policy, password, 'newPassword', 'en-US').map((p) => p.message);

describe('password policy', () => {
  it('defaults to 8 characters with a letter and a digit, not a common password', () => {
    expect(readConfig({}).passwordPolicy).toEqual(DEFAULT_PASSWORD_POLICY);
    expect(messages(undefined, 'Tide4321')).toEqual([]);
    expect(messages(undefined, 'Password1')).toEqual(['This password is too common and easily guessed; choose another']);
    expect(messages(undefined, '      ')).toEqual([
      'The password must be 8 to 32 characters long', 'The password must contain a digit', 'The password must contain a letter',
    ]);
    expect(messages(undefined, 'Tide4321'.repeat(5))).toEqual(['The password must be 8 to 32 characters long']);
  });

  it('is configured from the environment', () => {
    const policy = readConfig({
      PASSWORD_REQUIRED_LENGTH: '12', PASSWORD_REQUIRE_UPPERCASE: 'true', PASSWORD_REQUIRE_NON_ALPHANUMERIC: '1', PASSWORD_REJECT_COMMON: 'false',
      PASSWORD_REQUIRE_DIGIT: 'false',
    }).passwordPolicy;
    expect(policy).toEqual({ ...DEFAULT_PASSWORD_POLICY, requiredLength: 12, requireUppercase: true, requireNonAlphanumeric: true, rejectCommon: false, requireDigit: false });
    expect(messages(policy, 'lowercaseonly')).toEqual(['The password must contain an uppercase letter', 'The password must contain a character other than letters and digits']);
    expect(messages(policy, 'Password-long')).toEqual([]);
    expect(readConfig({ PASSWORD_REQUIRED_LENGTH: 'many' }).passwordPolicy.requiredLength).toBe(8);
  });

  it('names a missing password as required', () => {
    expect(passwordProblems(DEFAULT_PASSWORD_POLICY, undefined, 'password', 'zh-CN')).toEqual([{ message: 'password不能为空', members: ['password'] }]);
  });

  it('travels as ABP setting values and back', () => {
    const policy = { ...DEFAULT_PASSWORD_POLICY, requiredLength: 10, requireUppercase: true };
    expect(policySettings(policy)['Abp.Zero.UserManagement.PasswordComplexity.RequiredLength']).toBe('10');
    expect(policyFromSettings(policySettings(policy))).toEqual(policy);
    expect(policyFromSettings(undefined)).toEqual(DEFAULT_PASSWORD_POLICY);
  });

  it('tells a form choosing a new password the first broken rule, then a differing confirmation, else nothing', () => {
    expect(newPasswordProblem(DEFAULT_PASSWORD_POLICY, 'short1', 'short1')).toEqual({ key: 'password.length', params: { min: 8, max: 32 } });
    expect(newPasswordProblem(DEFAULT_PASSWORD_POLICY, 'Waste2026ok', 'Waste2026ko')).toEqual({ key: 'shell.passwordMismatch', params: {} });
    expect(newPasswordProblem(DEFAULT_PASSWORD_POLICY, 'Waste2026ok', 'Waste2026ok')).toBeNull();
  });
});
