import { hash, verify, type Algorithm } from '@node-rs/argon2';

// argon2id with 19 MiB and 2 passes: the OWASP baseline, slow enough for stolen hashes, and what
// docs/PERFORMANCE.md measures sign-in with.
// Algorithm is an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const OPTIONS = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Spends the same time as a real check, so that unknown usernames cannot be told apart. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
}
