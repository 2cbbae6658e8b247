import type { PasswordHasher } from './ports.js';

// What a password must be, and the one form in which it is hashed and checked.

/** In characters (Unicode code points) of the normalized password. */
export const PASSWORD_LENGTH = { min: 12, max: 256 } as const;

/**
 * NFKC (NIST SP 800-63B §5.1.1.2): the same password typed on two systems that compose accents
 * differently is one password. Hashing and checking both go through here.
 */
const normalized = (password: string): string => password.normalize('NFKC');

const lengthOf = (password: string): number => [...normalized(password)].length;

/** Why a new password is refused, in words for the operator; undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  const length = lengthOf(password);
  if (length < PASSWORD_LENGTH.min) return `The password must be at least ${PASSWORD_LENGTH.min} characters long.`;
  if (length > PASSWORD_LENGTH.max) return `The password must be at most ${PASSWORD_LENGTH.max} characters long.`;
  return undefined;
}

/** Whether a presented password could be one that was set (longer ones are refused without hashing them). */
export const couldBeAPassword = (password: string): boolean => lengthOf(password) <= PASSWORD_LENGTH.max;

export const hashPassword = (hasher: PasswordHasher, password: string): Promise<string> => hasher.hash(normalized(password));

export const checkPassword = (hasher: PasswordHasher, hash: string, password: string): Promise<boolean> =>
  hasher.verify(hash, normalized(password));
