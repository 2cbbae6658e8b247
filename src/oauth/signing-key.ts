import { createPrivateKey, sign, type JsonWebKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, importPKCS8, type CryptoKey, type JWK } from 'jose';
import { ACCESS_TOKEN_ALGORITHM } from '../contract/oauth.js';

/** One Ed25519 key: the private half signs (when we hold it), the public half verifies and is published. */
export interface SigningKey {
  kid: string;
  /** A node:crypto key, for signCompactJws. */
  privateKey: KeyObject;
  publicKey: CryptoKey;
  publicJwk: JWK;
  createdAt: number;
  /** When a newer key took over signing; null while this key signs. */
  rotatedAt: number | null;
}

export interface SerializedKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

function publicPart(jwk: JWK, kid: string): JWK {
  return { kty: jwk.kty, crv: jwk.crv, x: jwk.x, kid, alg: ACCESS_TOKEN_ALGORITHM, use: 'sig' };
}

/** A new Ed25519 key named by its RFC 7638 thumbprint. */
export async function generateSigningKey(): Promise<SerializedKey> {
  const { privateKey } = await generateKeyPair(ACCESS_TOKEN_ALGORITHM, { crv: 'Ed25519', extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(privateJwk);
  return { kid, privateJwk: { ...privateJwk, kid }, publicJwk: publicPart(privateJwk, kid) };
}

export async function importSigningKey(key: SerializedKey, createdAt: number, rotatedAt: number | null): Promise<SigningKey> {
  const privateKey = createPrivateKey({ key: key.privateJwk as JsonWebKey, format: 'jwk' });
  const publicKey = await importJWK(key.publicJwk, ACCESS_TOKEN_ALGORITHM) as CryptoKey;
  return { kid: key.kid, privateKey, publicKey, publicJwk: key.publicJwk, createdAt, rotatedAt };
}

/**
 * The compact JWS (RFC 7515) of `payload` under `key`, EdDSA, of type `typ`, signed by node:crypto on
 * libuv's thread pool. The Ed25519 sign is a fifth of a token request's CPU: on the pool it runs beside
 * the event loop, which meanwhile answers other requests (docs/oauth.md, Benchmark: the tokens per second it
 * gained). jose signs through WebCrypto, a thread-pool job too but with a promise chain per token, which
 * made signing a quarter of the endpoint's time. Verifying stays with jose.
 */
export function signCompactJws(key: SigningKey, typ: string, payload: object): Promise<string> {
  const signingInput = `${protectedHeader(key.kid, typ)}.${base64url(payload)}`;
  return new Promise((resolve, reject) => sign(null, Buffer.from(signingInput), key.privateKey, (error, signature) => {
    if (error) reject(error);
    else resolve(`${signingInput}.${signature.toString('base64url')}`);
  }));
}

const base64url = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

// The encoded header depends on the key and the type only: made once for each (a key rotates every few weeks at most).
const headers = new Map<string, string>();

function protectedHeader(kid: string, typ: string): string {
  const name = `${typ} ${kid}`;
  let encoded = headers.get(name);
  if (encoded === undefined) {
    if (headers.size >= 64) headers.clear();
    encoded = base64url({ alg: ACCESS_TOKEN_ALGORITHM, typ, kid });
    headers.set(name, encoded);
  }
  return encoded;
}

export class SigningKeyError extends Error {}

/** OAUTH_SIGNING_KEY: an Ed25519 private key as JWK JSON or PKCS#8 PEM. Its kid is kept, or derived. */
export async function parseConfiguredKey(text: string): Promise<SerializedKey> {
  let privateJwk: JWK;
  try {
    if (text.startsWith('{')) {
      privateJwk = JSON.parse(text) as JWK;
    } else {
      const pem = text.replace(/\\n/g, '\n');
      privateJwk = await exportJWK(await importPKCS8(pem, ACCESS_TOKEN_ALGORITHM, { extractable: true }));
    }
  } catch {
    throw new SigningKeyError('OAUTH_SIGNING_KEY must be an Ed25519 private key as JWK JSON or PKCS#8 PEM');
  }
  if (privateJwk.kty !== 'OKP' || privateJwk.crv !== 'Ed25519' || typeof privateJwk.d !== 'string' || typeof privateJwk.x !== 'string') {
    throw new SigningKeyError('OAUTH_SIGNING_KEY must be an Ed25519 private key (kty OKP, crv Ed25519, with d and x)');
  }
  const kid = typeof privateJwk.kid === 'string' && privateJwk.kid ? privateJwk.kid : await calculateJwkThumbprint(privateJwk);
  const { kty, crv, d, x } = privateJwk;
  return { kid, privateJwk: { kty, crv, d, x, kid }, publicJwk: publicPart(privateJwk, kid) };
}
