import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): ≈30 ms per hash on this class of machine.
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A hash of a random secret nobody knows, made with the same parameters as real ones, computed once per process.
let dummyHash: Promise<string> | undefined;

/**
 * Spends on a login without a user the same verification a real user's wrong password costs, so the time of the
 * answer does not tell whether the name exists. Always false.
 */
export async function verifyAgainstNobody(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}
