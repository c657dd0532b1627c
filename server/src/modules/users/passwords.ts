import argon2 from 'argon2';

/**
 * How costly a new hash is. 'production': argon2id at 64 MiB, 2 passes, 2 lanes: about 75 ms a verify on a 2-core
 * machine (measured with the script in bench/src/argon2-cost.ts), above OWASP's minimums and quick enough that
 * sign-in feels instant. 'test': argon2id at 1 MiB and one pass, for the test suite's apps only: it is no
 * environment variable or config key, only buildApp's `passwordCost` option, which main.ts never passes
 * (users.routes.test.ts checks that an app built as main.ts builds it stores the production cost).
 */
export type PasswordCost = 'production' | 'test';

const HASH_OPTIONS = {
  production: { type: argon2.argon2id, memoryCost: 65_536, timeCost: 2, parallelism: 2 },
  test: { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const;

export function hashPassword(password: string, cost: PasswordCost = 'production'): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS[cost]);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// Verified against when the username does not exist, so an unknown user costs the same time as a wrong password.
const decoyHashes: Partial<Record<PasswordCost, Promise<string>>> = {};
export function decoyPasswordHash(cost: PasswordCost = 'production'): Promise<string> {
  decoyHashes[cost] ??= hashPassword('decoy password that matches no account', cost);
  return decoyHashes[cost];
}
