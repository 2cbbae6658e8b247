import type { Algorithm, Options } from '@node-rs/argon2';
import type { PasswordHasher } from './ports.js';

// The PasswordHasher port on argon2id (@node-rs/argon2, native, off the event loop's thread).

/**
 * OWASP's argon2id parameters (Password Storage Cheat Sheet): 19 MiB, 2 passes, 1 lane; about 20 to 30 ms
 * per hash or check on one core of the development machine. The parameters travel in each hash string, so
 * raising them later leaves the existing hashes readable.
 */
export const ARGON2ID_OPTIONS: Readonly<Options> = {
  // The package's Algorithm is an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** The native module, loaded by the first hash or check: a process that signs nobody in never loads it. */
const argon2 = () => import('@node-rs/argon2');

export const argon2idHasher: PasswordHasher = {
  hash: async (password) => (await argon2()).hash(password, ARGON2ID_OPTIONS),
  async verify(stored, password) {
    const { verify } = await argon2();
    try {
      return await verify(stored, password);
    } catch {
      // A hash string the library cannot parse verifies nothing.
      return false;
    }
  },
};
