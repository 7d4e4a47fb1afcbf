import { createTokenService, TOKEN_LIFETIME_SECONDS, tokenKindOf } from './tokens';

const subject = { userId: 7, userName: 'clerk', tenantId: 1, securityStamp: 'stamp-1' } as const;

describe('the token service', () => {
  afterEach(() => jest.restoreAllMocks());

  it('verifies its own tokens and refuses one signed with another secret or altered', async () => {
    const tokens = createTokenService('a-secret-of-forty-eight-characters-for-the-test');
    const token = await tokens.issue(subject);
    expect(await tokens.verify(token)).toEqual(subject);
    const other = await createTokenService('another-secret-of-forty-eight-characters-for-it').issue(subject);
    expect(await tokens.verify(other)).toBeNull();
    const [header, payload, signature] = token.split('.');
    const altered = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(altered)).toBeNull();
    // Answered again after the altered one: what is remembered is the genuine token only.
    expect(await tokens.verify(token)).toEqual(subject);
  });

  it('says which tokens a wall display obtained, and reads every other as a login\'s', async () => {
    const tokens = createTokenService('a-secret-of-forty-eight-characters-for-the-test');
    const display = { ...subject, displayTokenId: 12 };
    const verified = await tokens.verify(await tokens.issue(display));
    expect(verified).toEqual(display);
    expect(tokenKindOf(verified!)).toBe('display');
    expect(tokenKindOf((await tokens.verify(await tokens.issue(subject)))!)).toBe('login');
  });

  it('refuses a remembered token once it has expired', async () => {
    const tokens = createTokenService('a-secret-of-forty-eight-characters-for-the-test');
    const token = await tokens.issue(subject);
    expect(await tokens.verify(token)).toEqual(subject);
    const later = Date.now() + (TOKEN_LIFETIME_SECONDS + 1) * 1000;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    expect(await tokens.verify(token)).toBeNull();
  });
});
