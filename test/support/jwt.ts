// Hand-made HS256 tokens, for checking what the server does with tokens it did not issue (expired, forged, tampered).
import crypto from 'node:crypto';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export const CLAIM = {
  userId: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/nameidentifier',
  userName: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
  tenantId: 'http://www.aspnetboilerplate.com/identity/claims/tenantId',
} as const;

export function signJwt(payload: Record<string, unknown>, secret: string, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }): string {
  const unsigned = `${encode(header)}.${encode(payload)}`;
  const signature = crypto.createHmac('sha256', secret).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

export function decodeJwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}
