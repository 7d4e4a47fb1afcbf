import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { apiErrorMessage, describeApiError } from './errors';

const TEXTS: Record<string, string> = { 'errors.loginFailed': '登录失败', 'errors.unknown': '未知错误，服务器无响应' };
const t = (key: string) => TEXTS[key] ?? key;
const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;

function failed(status: number, body: unknown): AxiosError {
  return new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, { status, statusText: '', headers: {}, config, data: body });
}

const envelope = (error: object) => ({ result: null, success: false, error, unAuthorizedRequest: false, __abp: true });

describe('error modal content', () => {
  it('shows message as title and details as content when both are present', () => {
    const error = failed(500, envelope({ code: 0, message: 'Login failed!', details: 'Invalid user name or password', validationErrors: null }));
    expect(describeApiError(error, t)).toEqual({ title: 'Login failed!', content: 'Invalid user name or password' });
  });

  it('titles a message-only error with the localised login-failed text', () => {
    const error = failed(403, envelope({ code: 0, message: 'Required permissions are not granted.', details: null, validationErrors: null }));
    expect(describeApiError(error, t)).toEqual({ title: '登录失败', content: 'Required permissions are not granted.' });
  });

  it('shows the localised unknown-error text when there is no response at all', () => {
    const error = new AxiosError('Network Error', 'ERR_NETWORK', config, {});
    expect(describeApiError(error, t)).toEqual({ content: '未知错误，服务器无响应' });
  });

  it('lists validation errors of a 400', () => {
    const error = failed(400, envelope({
      code: 0,
      message: 'Your request is not valid!',
      details: 'The following errors were detected during validation.\n - code is required',
      validationErrors: [{ message: 'code is required', members: ['code'] }, { message: 'name is too long', members: ['name'] }],
    }));
    expect(describeApiError(error, t)).toEqual({
      title: 'Your request is not valid!',
      content: 'The following errors were detected during validation.\n - code is required',
      validationErrors: ['code is required', 'name is too long'],
    });
  });

  it('shows nothing for an unwrapped response (unknown route) or a cancelled request', () => {
    expect(describeApiError(failed(404, ''), t)).toBeNull();
    expect(describeApiError(new AxiosError('canceled', 'ERR_CANCELED', config), t)).toBeNull();
    expect(describeApiError(new Error('not axios'), t)).toBeNull();
  });

  it('gives a one-line reason for inline messages', () => {
    const error = failed(500, envelope({ code: 0, message: 'Incorrect password.', details: null, validationErrors: null }));
    expect(apiErrorMessage(error, t)).toBe('Incorrect password.');
    expect(apiErrorMessage(new AxiosError('Network Error', 'ERR_NETWORK', config, {}), t)).toBe('未知错误，服务器无响应');
  });
});
