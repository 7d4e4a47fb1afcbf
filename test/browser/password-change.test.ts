// The new password the server asks for at login: a dialog that lists the policy, cannot be dismissed, refuses a weak
// password, and once a good one is saved lets the user work on (signed in again with it) and log in with it later.
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

test('a user asked for a new password sets one before going on, and logs in with it afterwards', async () => {
  const user = await userAskedForNewPassword();
  const page = await app.newPage();
  await logIn(page, user);

  const dialog = byTestId(page, 'required-password-form');
  await dialog.waitFor();
  await expectText(byTestId(page, 'password-rule-length'), '密码长度须为8至32个字符');
  // Escape does not dismiss it.
  await page.keyboard.press('Escape');
  expect(await dialog.isVisible()).toBe(true);
  // Nor does reloading the page.
  await page.reload();
  await dialog.waitFor();

  // A common password passes the rules the browser checks but not the server's list.
  await byTestId(page, 'current-password').fill(user.password);
  await byTestId(page, 'new-password').fill('password123');
  await byTestId(page, 'confirm-password').fill('password123');
  await byTestId(page, 'change-password-submit').click();
  await expectText(byTestId(page, 'change-password-error'), '该密码过于常见');

  await byTestId(page, 'new-password').fill('Meadow-lark-42');
  await byTestId(page, 'confirm-password').fill('Meadow-lark-42');
  await byTestId(page, 'change-password-submit').click();
  await dialog.waitFor({ state: 'detached' });

  // Still signed in (with a token issued for the new password): the session survives a reload.
  await page.reload();
  await byTestId(page, 'home-page').waitFor();
  expect(pathOf(page)).toBe(HOME_PATH);
  expect(await byTestId(page, 'required-password-form').count()).toBe(0);

  await logOut(page);
  await logIn(page, { userName: user.userName, password: 'Meadow-lark-42' });
  await expectPath(page, HOME_PATH);
  expect(await byTestId(page, 'required-password-form').count()).toBe(0);
});

test('a user asked for a new password may log out instead', async () => {
  const user = await userAskedForNewPassword();
  const page = await app.newPage();
  await logIn(page, user);
  await byTestId(page, 'required-password-logout').click();
  await expectPath(page, '/');
  await byTestId(page, 'login-form').waitFor();
});
