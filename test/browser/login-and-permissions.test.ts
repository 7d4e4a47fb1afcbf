// Logging in, and what a user without `Pages.Users` may see: a role built in the permission tree, a user created in
// the users dialog, then that user's sidebar and the 403 page.
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { useBrowserApp } from './support/harness';
import { byTestId, expectPath, expectText, expectTotal, HOME_PATH, logIn, logOut, openCreateForm, openFromSidebar, setChecked, tableRow, until } from './support/ui';

const ADMIN = { userName: 'admin', password: '123qwe' };

const app = useBrowserApp();

/** Types a keyword in the list's search box and presses Enter, then waits for the list to show `expected` rows. */
async function search(page: Page, keyword: string, expected: number): Promise<void> {
  await byTestId(page, 'keyword').fill(keyword);
  await byTestId(page, 'keyword').press('Enter');
  await expectTotal(page, expected);
}

describe('login', () => {
  test('admin of tenant Default lands on the home page', async () => {
    const page = await app.newPage();
    await page.goto('/');
    await expectText(byTestId(page, 'tenant-current'), 'Default');
    await byTestId(page, 'login-username').fill(ADMIN.userName);
    await byTestId(page, 'login-password').fill(ADMIN.password);
    await byTestId(page, 'login-password').press('Enter');

    await expectPath(page, HOME_PATH);
    await expectText(byTestId(page, 'home-welcome'), 'admin');
    await expectText(byTestId(page, 'home-tenant'), 'Default');
    await expectText(byTestId(page, 'home-username'), 'admin');
    await expectText(byTestId(page, 'current-user'), 'admin');
    await expectText(byTestId(page, 'tab-home'), '首页');
    await expectText(byTestId(page, 'breadcrumbs'), '首页');
  });

  test('a wrong password keeps the login screen and says why', async () => {
    const page = await app.newPage();
    await page.goto('/');
    await expectText(byTestId(page, 'tenant-current'), 'Default');
    await byTestId(page, 'login-username').fill(ADMIN.userName);
    await byTestId(page, 'login-password').fill('not-the-password');
    await byTestId(page, 'login-submit').click();

    await expectText(byTestId(page, 'login-error'), /\S/);
    await expectPath(page, '/');
    expect(await byTestId(page, 'shell').count()).toBe(0);
  });
});

describe('a user without Pages.Users', () => {
  test('cannot see or open the users screen', async () => {
    const suffix = crypto.randomBytes(3).toString('hex');
    const roleName = `Clerk${suffix}`;
    const user = { userName: `clerk${suffix}`, password: 'Clerk-pass-1', email: `clerk${suffix}@example.com` };
    const page = await app.newPage();
    await logIn(page, ADMIN);

    // The admin's users screen, from the sidebar.
    await openFromSidebar(page, 'setting', 'user');
    await expectPath(page, '/setting/user');
    await byTestId(page, 'resource-page-User').waitFor();
    await expectTotal(page, (n) => n >= 1);

    // A role with the basic-information pages and the roles screen, but not the users screen.
    const roleForm = await openCreateForm(page, 'setting', 'role', 'Role');
    await byTestId(page, 'form-field-name').fill(roleName);
    await byTestId(page, 'form-field-displayName').fill(`${roleName} display`);
    await byTestId(page, 'form-field-description').fill('created by the browser tests');
    await setChecked(byTestId(page, 'perm-group-basicinformation'), true);
    await setChecked(byTestId(page, 'perm-Pages.Roles'), true);
    expect(await byTestId(page, 'perm-Pages.Users').isChecked()).toBe(false);
    expect(await byTestId(page, 'perm-Pages.Wastecode').isChecked()).toBe(true);
    await expectText(byTestId(page, 'permission-count'), '已选 5 / ');
    await byTestId(page, 'btn-save').click();
    await roleForm.waitFor({ state: 'hidden' });
    await search(page, roleName, 1);

    // The user, through the users dialog, holding only that role.
    await openFromSidebar(page, 'setting', 'user');
    await expectPath(page, '/setting/user');
    await byTestId(page, 'btn-create').click();
    const userForm = byTestId(page, 'resource-form');
    await userForm.waitFor();
    await byTestId(page, 'form-field-userName').fill(user.userName);
    await byTestId(page, 'form-field-surname').fill('王');
    await byTestId(page, 'form-field-name').fill('小明');
    await byTestId(page, 'form-field-emailAddress').fill(user.email);
    await byTestId(page, 'form-field-password').fill(user.password);
    await byTestId(page, 'form-field-confirmPassword').fill(user.password);
    await setChecked(byTestId(page, `role-${roleName.toUpperCase()}`), true);
    expect(await byTestId(page, 'role-ADMIN').isChecked()).toBe(false);
    await byTestId(page, 'btn-save').click();
    await userForm.waitFor({ state: 'hidden' });
    await search(page, user.userName, 1);
    await expectText(tableRow(page, 0).first(), user.userName);

    await logOut(page);
    await logIn(page, { userName: user.userName, password: user.password });
    await expectText(byTestId(page, 'current-user'), '小明');

    // The sidebar offers the permitted pages only.
    await byTestId(page, 'menu-group-basicinformation').click();
    await byTestId(page, 'menu-wastecode').waitFor();
    await byTestId(page, 'menu-group-setting').click();
    await byTestId(page, 'menu-role').waitFor();
    expect(await byTestId(page, 'menu-user').count()).toBe(0);
    expect(await byTestId(page, 'menu-tenant').count()).toBe(0);
    expect(await byTestId(page, 'quick-user').count()).toBe(0);

    // Typing the users address leads to the 403 page.
    await page.goto('/setting/user');
    await expectPath(page, '/error-403');
    await expectText(byTestId(page, 'forbidden-page'), '403');
    expect(await byTestId(page, 'resource-page-User').count()).toBe(0);
    await until('the sidebar without the users item', () => byTestId(page, 'menu-user').count(), (n) => n === 0);
  });
});
