/** @jest-environment jsdom */
import { act } from 'react';
import { logoutRequested, passwordChangeRequested } from '../session/actions';
import { initialAppState, type AppState } from '../session/appSlice';
import { byTestId, click, mockStore, render, screenTestSetup, typeInto } from '../crud/test-support-render';
import { RequiredPasswordChange } from './RequiredPasswordChange';

screenTestSetup();

const POLICY = {
  'Abp.Zero.UserManagement.PasswordComplexity.RequiredLength': '10',
  'Abp.Zero.UserManagement.PasswordComplexity.RequireDigit': 'true',
  'Abp.Zero.UserManagement.PasswordComplexity.RequireUppercase': 'true',
};

function show(app: Partial<AppState>) {
  const state = { ...initialAppState, ...app, config: { ...initialAppState.config, setting: { values: POLICY } } };
  const mock = mockStore({ app: state } as never);
  render(<RequiredPasswordChange />, mock.store);
  return mock;
}

function submit(next: string, confirm = next) {
  typeInto(byTestId('current-password'), '123qwe');
  typeInto(byTestId('new-password'), next);
  typeInto(byTestId('confirm-password'), confirm);
  const form = byTestId('required-password-form')!;
  act(() => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

describe('RequiredPasswordChange', () => {
  it('asks for a new password, listing the server\'s rules, and cannot be dismissed', () => {
    show({ mustChangePassword: true });
    expect(byTestId('password-change-required')!.textContent).toContain('请先设置新密码');
    const rules = [...byTestId('password-rules')!.querySelectorAll('li')].map((li) => li.textContent);
    expect(rules).toEqual([
      '密码长度须为10至32个字符', '密码须至少包含一个数字', '密码须至少包含一个字母', '密码须至少包含一个大写字母', '不能是常见的、容易被猜到的密码',
    ]);
    expect(document.querySelector('.bp5-dialog-close-button, [aria-label="Close"]')).toBeNull();
    expect(byTestId('required-password-logout')).not.toBeNull();
  });

  it('checks the rules it can before asking the server, then sends current and new password', () => {
    const mock = show({ mustChangePassword: true });
    submit('short1A');
    expect(byTestId('change-password-error')!.textContent).toBe('密码长度须为10至32个字符');
    submit('longenough12');
    expect(byTestId('change-password-error')!.textContent).toBe('密码须至少包含一个大写字母');
    submit('Longenough12', 'Longenough13');
    expect(byTestId('change-password-error')!.textContent).toBe('两次输入的新密码不一致');
    expect(mock.dispatched.filter((a) => a.type === passwordChangeRequested.type)).toEqual([]);
    submit('Longenough12');
    expect(mock.dispatched).toContainEqual(passwordChangeRequested({ currentPassword: '123qwe', newPassword: 'Longenough12' }));
  });

  it('lets the user log out instead', () => {
    const mock = show({ mustChangePassword: true });
    click(byTestId('required-password-logout'));
    expect(mock.dispatched).toContainEqual(logoutRequested());
  });

  it('shows nothing when the server did not ask', () => {
    show({ mustChangePassword: false });
    expect(byTestId('required-password-form')).toBeNull();
  });
});
