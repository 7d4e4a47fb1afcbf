// The password policy: every place a password is set refuses weak ones with translated, field-named validation
// errors, and the policy is served as ABP settings so clients can show it.
import { createUser, expectSuccess, expectValidationError, ok } from '../support/server-fixtures';
import { DEFAULT_PASSWORD, svc, type TestServer, unique, useTestServer } from '../support/server-harness';

const server = useTestServer();
let admin: string;
beforeAll(async () => {
  admin = await server.token(1, 'admin');
});
const en = { 'Accept-Language': 'en' };

const newUser = (password: string) => {
  const userName = unique('pp');
  return { userName, name: 'n', surname: 's', emailAddress: `${userName}@example.com`, isActive: true, roleNames: [], password };
};

/** The messages of a 400 whose validation errors all name `member`. */
function messagesFor(response: Awaited<ReturnType<TestServer['call']>>, member: string): string[] {
  expectValidationError(response, member);
  const problems = response.body.error!.validationErrors!;
  expect(problems.every((p) => p.members.length === 1 && p.members[0] === member)).toBe(true);
  return problems.map((p) => p.message);
}

describe('User/Create', () => {
  it.each([
    ['six digits', '123456'],
    ['six spaces', '      '],
    ['digits only', '12345678901'],
    ['letters only', 'abcdefghij'],
    ['a common password', 'password1'],
    ['a common password in another case', 'QWERTY123'],
  ])('refuses %s', async (_what, password) => {
    const response = await server.call('POST', svc('User', 'Create'), { token: admin, headers: en, body: newUser(password) });
    expect(messagesFor(response, 'password').length).toBeGreaterThan(0);
  });

  it('names every broken rule, in English and in Chinese', async () => {
    const english = messagesFor(await server.call('POST', svc('User', 'Create'), { token: admin, headers: en, body: newUser('123456') }), 'password');
    expect(english).toEqual(['The password must be 8 to 32 characters long', 'The password must contain a letter', 'This password is too common and easily guessed; choose another']);
    const chinese = messagesFor(await server.call('POST', svc('User', 'Create'), { token: admin, body: newUser('abcdefghi') }), 'password');
    expect(chinese).toEqual(['密码须至少包含一个数字']);
  });

  it('accepts eight characters with letters and digits', async () => {
    const body = newUser('Tide4321');
    ok(await server.call('POST', svc('User', 'Create'), { token: admin, body }), 'User/Create');
    await server.login(1, body.userName, 'Tide4321');
  });
});

describe('User/ChangePwd', () => {
  it('refuses a weak new password naming newPassword, and keeps the old one', async () => {
    const user = await createUser(server, admin, 1);
    const token = await server.login(1, user.userName, user.password);
    const response = await server.call('POST', svc('User', 'ChangePwd'), { token, headers: en, body: { currentPassword: user.password, newPassword: '      ' } });
    expect(messagesFor(response, 'newPassword')).toContain('The password must contain a digit');
    await server.login(1, user.userName, user.password);
  });
});

describe('Tenant/Create', () => {
  it('checks the admin password it is given, and logs the new admin in with it', async () => {
    const host = await server.token(null, 'admin');
    const tenancyName = unique('Pp');
    const weak = await server.call('POST', svc('Tenant', 'Create'), { token: host, headers: en, body: { tenancyName, name: tenancyName, adminPassword: '123456' } });
    expect(messagesFor(weak, 'adminPassword').length).toBeGreaterThan(0);
    const tenant = ok<{ id: number }>(await server.call('POST', svc('Tenant', 'Create'), {
      token: host, body: { tenancyName, name: tenancyName, adminPassword: 'Harbour77' },
    }), 'Tenant/Create');
    await server.login(tenant.id, 'admin', 'Harbour77');
  });
});

describe('AbpUserConfiguration/GetAll', () => {
  it('serves the policy as ABP Zero\'s password-complexity settings, to anonymous callers too', async () => {
    const values = expectSuccess(await server.call('GET', '/AbpUserConfiguration/GetAll')).setting.values;
    expect(values).toEqual(expect.objectContaining({
      'Abp.Zero.UserManagement.PasswordComplexity.RequiredLength': '8',
      'Abp.Zero.UserManagement.PasswordComplexity.RequireDigit': 'true',
      'Abp.Zero.UserManagement.PasswordComplexity.RequireLowercase': 'false',
      'Abp.Zero.UserManagement.PasswordComplexity.RequireUppercase': 'false',
      'Abp.Zero.UserManagement.PasswordComplexity.RequireNonAlphanumeric': 'false',
    }));
  });
});

describe('the seeded admin', () => {
  it('keeps 123qwe, which the policy would refuse today', async () => {
    await server.login(1, 'admin', DEFAULT_PASSWORD);
  });
});
