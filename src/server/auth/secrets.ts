import crypto from 'node:crypto';

/** A new bearer secret (device keys, display tokens): 256 random bits, URL-safe, shown once. */
export const newSecret = (): string => crypto.randomBytes(32).toString('base64url');

/** What is stored of a secret: its SHA-256 (hex). The secret has 256 bits, so a fast hash is enough to look it up. */
export const hashSecret = (secret: string): string => crypto.createHash('sha256').update(secret, 'utf8').digest('hex');
