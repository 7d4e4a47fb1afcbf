// The new password the server asks for at login: the server answers a reset code instead of a token, and the login
// screen asks for the new password (listing the policy, refusing a weak one) before it signs the user in.
import crypto from 'node:crypto';
import { useBrowserApp } from './support/harness';
import { byTestId, expectPath, expectText, HOME_PATH, logIn, logOut, pathOf } from './support/ui';
import { httpClient, svc } from '../support/server-harness';
import { ok } from '../support/server-fixtures';

const app = useBrowserApp();

async function userAskedForNewPassword(): Promise<{ userName: string; password: string }> {
  const api = httpClient(app.baseUrl);
  const admin = await api.login(1, 'admin', '123qwe');
  const userName = `fresh${crypto.randomBytes(3).toString('hex')}`;
  const password = 'Initial-pass-1';
  const user = ok<{ id: number }>(await api.call('POST', svc('User', 'Create'), {
    token: admin, body: { userName, name: 'New', surname: 'Clerk', emailAddress: `${userName}@example.com`, isActive: true, roleNames: [], password },
  }), 'User/Create');
  await app.db.query('update users set should_change_password_on_next_login = true where id = $1', [user.id]);
  return { userName, password };
}

/** The sign-in form filled and sent; the caller says where it leads. */
async function submitLogin(page: Awaited<ReturnType<typeof app.newPage>>, user: { userName: string; password: string }): Promise<void> {
  await page.goto('/');
  await byTestId(page, 'login-form').waitFor();
  await byTestId(page, 'login-username').fill(user.userName);
  await byTestId(page, 'login-password').fill(user.password);
  await byTestId(page, 'login-submit').click();
}

test('a user asked for a new password sets one on the login screen, is signed in, and logs in with it afterwards', async () => {
  const user = await userAskedForNewPassword();
  const page = await app.newPage();
  await submitLogin(page, user);

  // The server answered a reset code, not a token: the screen asks for the new password before anything else.
  const form = byTestId(page, 'set-password-form');
  await form.waitFor();
  expect(pathOf(page)).toBe('/');
  await expectText(byTestId(page, 'set-password-required'), '请先设置新密码');
  await expectText(byTestId(page, 'password-rules'), '密码长度须为8至32个字符');

  // Two different entries are caught here; a common password passes the browser's rules but not the server's list.
  await byTestId(page, 'set-password-new').fill('Meadow-lark-42');
  await byTestId(page, 'set-password-confirm').fill('Meadow-lark-43');
  await byTestId(page, 'set-password-submit').click();
  await expectText(byTestId(page, 'login-error'), '两次输入的新密码不一致');
  await byTestId(page, 'set-password-new').fill('password123');
  await byTestId(page, 'set-password-confirm').fill('password123');
  await byTestId(page, 'set-password-submit').click();
  await expectText(byTestId(page, 'login-error'), '该密码过于常见');

  await byTestId(page, 'set-password-new').fill('Meadow-lark-42');
  await byTestId(page, 'set-password-confirm').fill('Meadow-lark-42');
  await byTestId(page, 'set-password-submit').click();
  await expectPath(page, HOME_PATH);
  await byTestId(page, 'home-page').waitFor();
  expect(await byTestId(page, 'required-password-form').count()).toBe(0);

  // Signed in for real: the session survives a reload.
  await page.reload();
  await byTestId(page, 'home-page').waitFor();

  await logOut(page);
  await logIn(page, { userName: user.userName, password: 'Meadow-lark-42' });
  expect(await byTestId(page, 'set-password-form').count()).toBe(0);
});

test('a user asked for a new password may go back to the sign-in form, and is asked again at the next login', async () => {
  const user = await userAskedForNewPassword();
  const page = await app.newPage();
  await submitLogin(page, user);
  await byTestId(page, 'set-password-form').waitFor();
  await byTestId(page, 'set-password-back').click();
  await byTestId(page, 'login-form').waitFor();
  expect(pathOf(page)).toBe('/');
  await submitLogin(page, user);
  await byTestId(page, 'set-password-form').waitFor();
});
