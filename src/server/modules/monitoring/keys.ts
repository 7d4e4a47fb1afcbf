import crypto from 'node:crypto';

/** A new device key: 32 random bytes, URL-safe, shown once; only its SHA-256 is stored. */
export const newDeviceKey = (): string => crypto.randomBytes(32).toString('base64url');

export const hashDeviceKey = (key: string): string => crypto.createHash('sha256').update(key, 'utf8').digest('hex');
