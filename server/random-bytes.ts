import { randomBytes } from "node:crypto";

/**
 * Bytes from the CSPRNG for the CSP nonce every response carries, drawn 4 KiB at a time: one call
 * into crypto per 4 KiB instead of one per nonce.
 * Each byte is handed out once.
 */
let pool = Buffer.alloc(0);
let offset = 0;

export function takeRandomBytes(length: number): Buffer {
  if (offset + length > pool.length) {
    pool = randomBytes(Math.max(4096, length));
    offset = 0;
  }
  const bytes = pool.subarray(offset, offset + length);
  offset += length;
  return bytes;
}
