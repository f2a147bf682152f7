// Password hashing and the signup strength rule. argon2id with OWASP's baseline
// (19 MiB, 2 passes, 1 lane): strong, and cheap enough for a 2-core server.
import argon2 from 'argon2';
import { passwordStrength } from '../../../rules/password-strength';
import { ValidationError } from '../../http/errors';

const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, ARGON2_OPTIONS);

export async function verifyPassword({ hash, password }: { hash: string | undefined; password: string }): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

export const PASSWORD_INVALID = 'Password is invalid';

/** Refuses a password whose strength score is 0. */
export async function assertStrongEnough({ password, userInputs }: { password: string; userInputs: string[] }): Promise<void> {
  if ((await passwordStrength(password, userInputs)).score === 0) {
    throw new ValidationError(PASSWORD_INVALID, { password: PASSWORD_INVALID });
  }
}
