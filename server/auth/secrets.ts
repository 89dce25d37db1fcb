// Random one-time values of the code flow and how they are kept: only their SHA-256 is stored, so a copy of the database
// holds no usable code or refresh token.
import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url: authorization codes and refresh tokens. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function secretHash(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** PKCE, method S256: BASE64URL(SHA-256(ASCII(code_verifier))) (RFC 7636 §4.2). */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** RFC 7636 §4.1: 43 to 128 characters of [A-Z a-z 0-9 - . _ ~]. */
export const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** A S256 challenge is 43 base64url characters. */
export const CODE_CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;
