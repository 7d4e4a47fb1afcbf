// Chat between two clerks in two browsers: A writes, B's badges count it while B is elsewhere on the chat screen, B
// reads it and A's tick turns to "read", B answers and A sees the answer arrive; and a message written while B is
// logged out waits for B, unread, at the next login. Every change reaches the other browser through the hub, without
// a reload. The two clerks are created over the API with the chat permission only.
import type { Locator, Page } from 'playwright-core';
import { userWithPermissions, type CreatedUser } from '../support/server-fixtures';
import { httpClient } from '../support/server-harness';
import { useBrowserApp } from './support/harness';
import { byTestId, expectPath, expectText, logIn, logOut, openFromSidebar, until } from './support/ui';

const CHAT_PATH = '/supervision/chat';
const CONNECTED = '已连接';
const HELLO = '你好，明天上午九点来取危废桶，可以吗？';
const REPLY = '可以，九点前我在门口等。';
const WHILE_AWAY = '另外，请带上转移联单。';

const app = useBrowserApp();
let alice: CreatedUser;
let bob: CreatedUser;
let alicePage: Page;
let bobPage: Page;
/** The id of A's first message, read off its bubble. */
let helloId: number;

beforeAll(async () => {
  const api = httpClient(app.baseUrl);
  const admin = await api.login(1, 'admin', '123qwe');
  alice = await userWithPermissions(api, admin, 1, ['Pages.ChatLog']);
  bob = await userWithPermissions(api, admin, 1, ['Pages.ChatLog']);
}, 60_000);

/** Logged in through the login screen with the hub connected (a push before that would be missed). */
async function logInConnected(page: Page, user: CreatedUser): Promise<void> {
  await logIn(page, user);
  await expectText(byTestId(page, 'home-realtime'), CONNECTED);
}

/** A clerk's page, marked so that a reload, which would wipe the mark, cannot pass for a live update. */
async function clerkPage(user: CreatedUser): Promise<Page> {
  const page = await app.newPage();
  await logInConnected(page, user);
  await page.evaluate(() => { (window as unknown as { loadedOnce: boolean }).loadedOnce = true; });
  return page;
}

const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce === true);

async function openChat(page: Page): Promise<void> {
  await openFromSidebar(page, 'supervision', 'chatlog');
  await expectPath(page, CHAT_PATH);
  await byTestId(page, 'chat-page').waitFor();
}

/** The bubble (sent, not pending) whose text is `text`. */
const bubble = (page: Page, text: string): Locator =>
  page.locator('[data-testid^="chat-message-"]').filter({ has: page.locator('.chat-text', { hasText: text }) });

async function messageId(page: Page, text: string): Promise<number> {
  const found = bubble(page, text);
  await until(`the message "${text}"`, () => found.count(), (n) => n === 1);
  return Number((await found.getAttribute('data-testid'))!.replace('chat-message-', ''));
}

/** Types into the conversation's input and presses Enter, as a clerk sends. */
async function typeAndEnter(page: Page, text: string): Promise<void> {
  const input = byTestId(page, 'chat-input');
  await input.fill(text);
  await input.press('Enter');
  // Enter sent it: the input is empty again (Shift+Enter would have kept the text).
  await until('the input cleared', () => input.inputValue(), (v) => v === '');
}

/** The tick under one of my messages: its words and whether it shows read. */
async function tick(page: Page, id: number): Promise<string> {
  const mark = byTestId(page, `chat-tick-${id}`);
  return `${(await mark.innerText()).trim()}|${(await mark.getAttribute('class')) ?? ''}`;
}

test('B waits on the notices tab of the chat screen; A opens chat and sees B online', async () => {
  bobPage = await clerkPage(bob);
  await openChat(bobPage);
  await byTestId(bobPage, 'chat-tab-notices').click();
  await until('B on the notices tab', () => byTestId(bobPage, 'chat-tab-notices').getAttribute('aria-selected'), (v) => v === 'true');
  await expect(byTestId(bobPage, 'chat-unread-total').count()).resolves.toBe(0);

  alicePage = await clerkPage(alice);
  await openChat(alicePage);
  await until('B online in A\'s contacts', () => byTestId(alicePage, `chat-online-${bob.id}`).getAttribute('data-online'), (v) => v === 'true');
  await expectText(byTestId(alicePage, `chat-user-${bob.id}`), bob.userName);
}, 30_000);

test('A writes to B and presses Enter; B\'s unread badges count it without a reload', async () => {
  await byTestId(alicePage, `chat-user-${bob.id}`).click();
  await byTestId(alicePage, 'chat-conversation').waitFor();
  await typeAndEnter(alicePage, HELLO);
  helloId = await messageId(alicePage, HELLO);
  expect(await tick(alicePage, helloId)).toMatch(/^已发送\|.*chat-sent/);

  // B is on another tab of the chat screen: the contact's badge and the messages tab's total count it.
  await expectText(byTestId(bobPage, `chat-unread-${alice.id}`), /^1$/);
  await expectText(byTestId(bobPage, 'chat-unread-total'), /^1$/);
  // The writer moves to the top of B's contacts.
  await until('A first in B\'s contacts', () => bobPage.locator('.chat-contact-list [data-testid^="chat-user-"]').first().getAttribute('data-testid'),
    (id) => id === `chat-user-${alice.id}`);
  expect(await notReloaded(bobPage)).toBe(true);
}, 20_000);

test('B opens the conversation and sees the message; A sees the read tick', async () => {
  await byTestId(bobPage, 'chat-tab-messages').click();
  await byTestId(bobPage, `chat-user-${alice.id}`).click();
  await byTestId(bobPage, 'chat-conversation').waitFor();
  expect(await messageId(bobPage, HELLO)).toBe(helloId);
  expect(await bubble(bobPage, HELLO).getAttribute('class')).toContain('chat-theirs');
  // Read: the badges leave.
  await byTestId(bobPage, `chat-unread-${alice.id}`).waitFor({ state: 'detached' });
  await byTestId(bobPage, 'chat-unread-total').waitFor({ state: 'detached' });

  await until('the read tick on A\'s message', () => tick(alicePage, helloId), (t) => /^已读\|.*chat-read/.test(t));
  expect(await notReloaded(alicePage)).toBe(true);
}, 20_000);

test('B replies; A, with the conversation open, sees the reply arrive and reads it at once', async () => {
  await typeAndEnter(bobPage, REPLY);
  const replyId = await messageId(bobPage, REPLY);

  expect(await messageId(alicePage, REPLY)).toBe(replyId);
  expect(await bubble(alicePage, REPLY).getAttribute('class')).toContain('chat-theirs');
  // Under A's message, above the reply: the order of the conversation.
  const order = await alicePage.locator('[data-testid="chat-messages"] [data-testid^="chat-message-"]').evaluateAll(
    (nodes) => nodes.map((n) => n.getAttribute('data-testid')));
  expect(order).toEqual([`chat-message-${helloId}`, `chat-message-${replyId}`]);
  // A had the conversation open, so the reply is read at once: no badge for A, and B's tick turns.
  await expect(byTestId(alicePage, `chat-unread-${bob.id}`).count()).resolves.toBe(0);
  await until('the read tick on B\'s reply', () => tick(bobPage, replyId), (t) => /^已读\|.*chat-read/.test(t));
  expect(await notReloaded(alicePage)).toBe(true);
  expect(await notReloaded(bobPage)).toBe(true);
}, 20_000);

test('a message written while B is logged out waits for B, unread, at the next login', async () => {
  await logOut(bobPage);
  await typeAndEnter(alicePage, WHILE_AWAY);
  const awayId = await messageId(alicePage, WHILE_AWAY);
  expect(await tick(alicePage, awayId)).toMatch(/^已发送\|/);

  await logInConnected(bobPage, bob);
  await openChat(bobPage);
  await expectText(byTestId(bobPage, `chat-unread-${alice.id}`), /^1$/);
  await expectText(byTestId(bobPage, 'chat-unread-total'), /^1$/);
  // Still unread until B opens the conversation.
  expect(await tick(alicePage, awayId)).toMatch(/^已发送\|/);

  await byTestId(bobPage, `chat-user-${alice.id}`).click();
  expect(await messageId(bobPage, WHILE_AWAY)).toBe(awayId);
  await byTestId(bobPage, `chat-unread-${alice.id}`).waitFor({ state: 'detached' });
  await until('the read tick on the waiting message', () => tick(alicePage, awayId), (t) => /^已读\|.*chat-read/.test(t));
}, 30_000);
