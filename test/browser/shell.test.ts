// The shell around the screens: the lock screen, the language switch and the page tabs.
import type { Page } from 'playwright-core';
import { useBrowserApp } from './support/harness';
import {
  activeTab, byTestId, clickSettled, expectPath, expectText, HOME_PATH, logIn, openFromSidebar, openTabs, until,
} from './support/ui';

const ADMIN = { userName: 'admin', password: '123qwe' };
const WASTECODE_PATH = '/basicinformation/wastecode';
const WASTECATEGORY_PATH = '/basicinformation/wastecategory';
const INDUSTRYCATEGORY_PATH = '/basicinformation/industrycategory';

const app = useBrowserApp();

async function loggedInPage(): Promise<Page> {
  const page = await app.newPage();
  await logIn(page, ADMIN);
  return page;
}

async function expectTabs(page: Page, opened: string[], active: string | null): Promise<void> {
  await until(`tabs ${opened.join(',')}`, () => openTabs(page), (tabs) => tabs.join(',') === opened.join(','));
  await until(`active tab ${String(active)}`, () => activeTab(page), (tab) => tab === active);
}

describe('lock screen', () => {
  test('locks, stays locked whatever the address, and unlocks back to the open page', async () => {
    const page = await loggedInPage();
    await openFromSidebar(page, 'basicinformation', 'wastecategory');
    await expectPath(page, WASTECATEGORY_PATH);
    await byTestId(page, 'resource-page-Wastecategory').waitFor();

    await byTestId(page, 'lock-button').click();
    await expectPath(page, '/locking');
    await byTestId(page, 'lock-screen').waitFor();
    expect(await byTestId(page, 'shell').count()).toBe(0);

    // Another address, typed or from history, still shows the lock screen (also after the reload it causes).
    await page.goto(WASTECODE_PATH);
    await expectPath(page, '/locking');
    await byTestId(page, 'lock-screen').waitFor();
    await page.goto(HOME_PATH);
    await expectPath(page, '/locking');
    await page.goBack();
    await expectPath(page, '/locking');
    await byTestId(page, 'lock-screen').waitFor();
    expect(await byTestId(page, 'resource-page-Wastecode').count()).toBe(0);

    // A wrong password is refused and the field is emptied.
    await byTestId(page, 'unlock-password').fill('wrong-password');
    await byTestId(page, 'unlock-password').press('Enter');
    await expectText(byTestId(page, 'unlock-error'), /\S/);
    expect(await byTestId(page, 'unlock-password').inputValue()).toBe('');
    await expectPath(page, '/locking');

    await byTestId(page, 'unlock-password').fill(ADMIN.password);
    await byTestId(page, 'unlock-submit').click();
    await expectPath(page, WASTECATEGORY_PATH);
    await byTestId(page, 'resource-page-Wastecategory').waitFor();
    await byTestId(page, 'lock-screen').waitFor({ state: 'detached' });

    // Unlocked for good: other pages open again.
    await page.goto(WASTECODE_PATH);
    await expectPath(page, WASTECODE_PATH);
    await byTestId(page, 'resource-page-Wastecode').waitFor();
  });
});

describe('language', () => {
  test('switching to English changes the menu, survives a reload, and switches back', async () => {
    const page = await loggedInPage();
    const basicInfo = byTestId(page, 'menu-group-basicinformation');
    await expectText(basicInfo, '基础信息');
    await expectText(byTestId(page, 'menu-home'), '首页');
    await expectText(byTestId(page, 'language-switcher'), '简体中文');

    await byTestId(page, 'language-switcher').click();
    await clickSettled(byTestId(page, 'language-en-US'));
    await expectText(basicInfo, 'Basic information');
    await expectText(byTestId(page, 'menu-group-setting'), 'Settings');
    await expectText(byTestId(page, 'menu-home'), 'Home');
    await expectText(byTestId(page, 'tab-home'), 'Home');
    await expectText(byTestId(page, 'home-welcome'), 'admin');
    expect(await page.locator('[data-testid="sidebar"]').innerText()).not.toContain('基础信息');

    // The choice is kept (cookie and server setting).
    await page.reload();
    await expectText(basicInfo, 'Basic information');
    await basicInfo.click();
    await expectText(byTestId(page, 'menu-wastecode'), 'Waste codes');

    await byTestId(page, 'language-switcher').click();
    await clickSettled(byTestId(page, 'language-zh-CN'));
    await expectText(basicInfo, '基础信息');
    await expectText(byTestId(page, 'menu-wastecode'), '废物代码');
    await expectText(byTestId(page, 'menu-home'), '首页');
    expect(await page.locator('[data-testid="sidebar"]').innerText()).not.toContain('Basic information');
  });
});

describe('tabs', () => {
  test('opened pages come back after a reload; closing the current tab moves to a neighbour; home stays', async () => {
    const page = await loggedInPage();
    await expectTabs(page, ['home'], 'home');
    expect(await byTestId(page, 'tab-close-home').count()).toBe(0);

    await openFromSidebar(page, 'basicinformation', 'wastecode');
    await expectPath(page, WASTECODE_PATH);
    await openFromSidebar(page, 'basicinformation', 'wastecategory');
    await expectPath(page, WASTECATEGORY_PATH);
    await expectTabs(page, ['home', 'wastecode', 'wastecategory'], 'wastecategory');
    await expectText(byTestId(page, 'tab-wastecode'), '废物代码');
    await expectText(byTestId(page, 'tab-wastecategory'), '废物类别');

    await page.reload();
    await byTestId(page, 'resource-page-Wastecategory').waitFor();
    await expectPath(page, WASTECATEGORY_PATH);
    await expectTabs(page, ['home', 'wastecode', 'wastecategory'], 'wastecategory');
    expect(await byTestId(page, 'tab-close-home').count()).toBe(0);

    // A third tab; back on the middle one, closing it activates its right neighbour.
    await openFromSidebar(page, 'basicinformation', 'industrycategory');
    await expectPath(page, INDUSTRYCATEGORY_PATH);
    await byTestId(page, 'tab-wastecategory').click();
    await expectPath(page, WASTECATEGORY_PATH);
    await expectTabs(page, ['home', 'wastecode', 'wastecategory', 'industrycategory'], 'wastecategory');
    await byTestId(page, 'tab-close-wastecategory').click();
    await expectPath(page, INDUSTRYCATEGORY_PATH);
    await byTestId(page, 'resource-page-Industrycategory').waitFor();
    await expectTabs(page, ['home', 'wastecode', 'industrycategory'], 'industrycategory');

    // The last tab has no right neighbour: its left one takes over. With the keyboard this time.
    await byTestId(page, 'tab-industrycategory').press('Delete');
    await expectPath(page, WASTECODE_PATH);
    await byTestId(page, 'resource-page-Wastecode').waitFor();
    await expectTabs(page, ['home', 'wastecode'], 'wastecode');

    // Closing a tab that is not the current one leaves the page alone.
    await byTestId(page, 'tab-home').click();
    await expectPath(page, HOME_PATH);
    await byTestId(page, 'tab-close-wastecode').click();
    await expectTabs(page, ['home'], 'home');
    await expectPath(page, HOME_PATH);
    expect(await byTestId(page, 'tab-close-home').count()).toBe(0);
    await byTestId(page, 'tab-home').press('Delete');
    await expectTabs(page, ['home'], 'home');
  });
});
