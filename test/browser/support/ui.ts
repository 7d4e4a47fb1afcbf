// What a user does and sees, in the words of the screens' data-testids. Every wait is on visible UI state.
import type { Locator, Page } from 'playwright-core';

export const HOME_PATH = '/main/home';

/** Polls `read` until `accept` holds; fails with the last value read, so a failure says what the screen showed. */
export async function until<T>(what: string, read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      last = await read();
      lastError = undefined;
      if (accept(last)) return last;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const seen = lastError ? `error ${String(lastError)}` : JSON.stringify(last);
      throw new Error(`timed out waiting for ${what}; last seen: ${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until the address bar shows `path` (client-side navigations included). */
export async function expectPath(page: Page, path: string): Promise<void> {
  await until(`path ${path}`, async () => pathOf(page), (p) => p === path);
}

/** Waits until the element is visible and its text contains (string) or matches (RegExp) `expected`. */
export async function expectText(locator: Locator, expected: string | RegExp): Promise<string> {
  await locator.waitFor({ state: 'visible' });
  return until(`text ${String(expected)} in ${String(locator)}`, async () => (await locator.innerText()).trim(),
    (text) => (typeof expected === 'string' ? text.includes(expected) : expected.test(text)));
}

// A string test id matches exactly (`tab-home` never matches `tab-home-x`).
export const byTestId = (page: Page, id: string) => page.getByTestId(id);

/** The tab names of the tab bar, in order (`tab-<name>`, without the close buttons). */
export async function openTabs(page: Page): Promise<string[]> {
  const ids = await page.locator('[data-testid="tabs-bar"] [role="tab"]').evaluateAll(
    (tabs) => tabs.map((tab) => tab.getAttribute('data-testid') ?? ''),
  );
  return ids.map((id) => id.replace(/^tab-/, ''));
}

export async function activeTab(page: Page): Promise<string | null> {
  const active = page.locator('[data-testid="tabs-bar"] [role="tab"][aria-selected="true"]');
  if ((await active.count()) === 0) return null;
  return ((await active.getAttribute('data-testid')) ?? '').replace(/^tab-/, '');
}

export interface Credentials {
  userName: string;
  password: string;
  /** The tenant shown by the login screen's tenant switch; Default unless told. */
  tenancyName?: string;
}

/** Opens the login screen, checks the tenant, types the credentials, submits and waits for home. */
export async function logIn(page: Page, { userName, password, tenancyName = 'Default' }: Credentials): Promise<void> {
  if (pathOf(page) !== '/' || !(await byTestId(page, 'login-form').isVisible())) await page.goto('/');
  await byTestId(page, 'login-form').waitFor();
  await expectText(byTestId(page, 'tenant-current'), tenancyName);
  await byTestId(page, 'login-username').fill(userName);
  await byTestId(page, 'login-password').fill(password);
  await byTestId(page, 'login-submit').click();
  await expectPath(page, HOME_PATH);
  await byTestId(page, 'home-page').waitFor();
}

/** The user dropdown's log-out item; back on the login screen. */
export async function logOut(page: Page): Promise<void> {
  await byTestId(page, 'user-dropdown').click();
  await clickSettled(byTestId(page, 'logout'));
  await expectPath(page, '/');
  await byTestId(page, 'login-form').waitFor();
}

/**
 * Waits until the element stops moving and is the one a click at its centre reaches. Playwright's own stability check
 * can be fooled by a sliding Blueprint Collapse (the click then lands on the collapse body), so this one compares the
 * box over a pause the length of a frame or two and asks the page what is under the centre.
 */
export async function waitUntilSettled(locator: Locator): Promise<void> {
  let previous = '';
  await until(`${String(locator)} settled`, async () => {
    const box = await locator.boundingBox();
    const key = box ? `${box.x},${box.y},${box.width},${box.height}` : '';
    const same = key !== '' && key === previous;
    previous = key;
    if (!same || !box) return false;
    return locator.evaluate((el, point) => {
      const hit = document.elementFromPoint(point.x, point.y);
      return !!hit && (hit === el || el.contains(hit));
    }, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
  }, (settled) => settled);
}

/** Clicks an element that may still be moving in (a popover's menu item, a sliding menu group's entry). */
export async function clickSettled(locator: Locator): Promise<void> {
  await waitUntilSettled(locator);
  await locator.click();
}

/** Clicks a sidebar entry, opening its group first when it is closed. */
export async function openFromSidebar(page: Page, group: string | null, routeName: string): Promise<void> {
  const item = byTestId(page, `menu-${routeName}`);
  if (group && !(await item.isVisible())) {
    const header = byTestId(page, `menu-group-${group}`);
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  }
  await clickSettled(item);
}

/**
 * Opens a resource screen from the sidebar (`/<group>/<routeName>`), waits for it and opens its create form: the form
 * is returned once it shows.
 */
export async function openCreateForm(page: Page, group: string, routeName: string, resource: string): Promise<Locator> {
  await openFromSidebar(page, group, routeName);
  await expectPath(page, `/${group}/${routeName}`);
  await byTestId(page, `resource-page-${resource}`).waitFor();
  await byTestId(page, 'btn-create').click();
  const form = byTestId(page, 'resource-form');
  await form.waitFor();
  return form;
}

/** The list total of a resource screen ("共 467 条" / "467 in total") as a number. */
export async function listTotal(page: Page): Promise<number> {
  const text = await byTestId(page, 'pager-total').innerText();
  const digits = text.replace(/[^\d]/g, '');
  if (!digits) throw new Error(`no total in "${text}"`);
  return Number(digits);
}

/** Waits until the pager of a resource list shows `expected` rows in total (or a total `expected` accepts). */
export async function expectTotal(page: Page, expected: number | ((total: number) => boolean)): Promise<number> {
  const accept = typeof expected === 'number' ? (n: number) => n === expected : expected;
  return until(`list total ${String(expected)}`, () => listTotal(page), accept);
}

/**
 * Ticks or clears a Blueprint checkbox the way a user does, by clicking its label: the styled indicator covers the
 * real input, so clicking the input itself would hit the indicator.
 */
export async function setChecked(checkbox: Locator, checked: boolean): Promise<void> {
  if ((await checkbox.isChecked()) !== checked) await checkbox.locator('xpath=ancestor::label[1]').click();
  await until(`${String(checkbox)} ${checked ? 'checked' : 'unchecked'}`, () => checkbox.isChecked(), (c) => c === checked);
}

/** The body cells of one rendered table row (0 = first row of the page), without the row header. */
export const tableRow = (page: Page, row: number) =>
  page.locator(`[data-testid="resource-table"] .bp6-table-quadrant-main .bp6-table-cell-row-${row}[class*="bp6-table-cell-col-"]`);

/** The row-number header of one rendered table row ("11" for the first row of page 2 at 10 a page). */
export const rowNumber = (page: Page, row: number) =>
  page.locator(`[data-testid="resource-table"] .bp6-table-quadrant-main .bp6-table-header.bp6-table-cell-row-${row}`);

export type InboxKind = 'toDispatch' | 'toReceive' | 'returned' | 'planReturned' | 'contractExpiring';

/**
 * The count of one card of the home inbox once it has loaded (0 while everything is done: the cards then give way to
 * one message). Throws while the inbox is loading or when the user may not see that kind, so `until` keeps reading.
 */
export async function inboxCount(page: Page, kind: InboxKind): Promise<number> {
  const inbox = byTestId(page, 'inbox');
  await inbox.waitFor();
  if ((await inbox.getAttribute('data-loading')) !== 'false') throw new Error('the inbox is loading');
  if (await byTestId(page, 'inbox-all-done').isVisible()) return 0;
  const count = byTestId(page, `inbox-count-${kind}`);
  if (!(await count.isVisible())) throw new Error(`no ${kind} card in the inbox`);
  return Number((await count.innerText()).trim());
}
