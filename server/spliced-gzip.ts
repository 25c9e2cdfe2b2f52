import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * gzip for a page that is the same bytes for every response but for a few short values (a nonce, a
 * status line). Compressing the whole page for each response would cost about a millisecond; instead
 * each fixed part is compressed once, at start, into deflate blocks that refer only to its own bytes
 * and end on a byte boundary (a sync flush). A response strings them together, with its values as
 * stored (uncompressed) blocks between them, an empty final block, and the gzip trailer, whose CRC-32
 * covers the whole page (RFC 1951 §3.2.3-3.2.4, RFC 1952 §2.3). docs/decisions/015-serving-prerendered-pages.md
 */

/** ID1 ID2, CM 8 (deflate), no flags, no modification time, XFL 0, OS 255 (unknown). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** BFINAL 1, BTYPE 01 (fixed Huffman codes), end-of-block: the last block, empty. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
const STORED_BLOCK_MAX = 0xffff;

/** A fixed part: its bytes, and those bytes compressed once by `deflatePart`. */
export type DeflatedPart = { raw: Buffer; deflated: Buffer };

export function deflatePart(raw: Buffer): DeflatedPart {
  return { raw, deflated: deflateBlocks(raw) };
}

/** `raw` as deflate blocks that end on a byte boundary, referring back into `window` if given. */
function deflateBlocks(raw: Buffer, window?: Buffer): Buffer {
  if (raw.length === 0) return Buffer.alloc(0);
  return deflateRawSync(raw, {
    level: constants.Z_BEST_COMPRESSION,
    finishFlush: constants.Z_SYNC_FLUSH,
    ...(window && window.length > 0 ? { dictionary: window } : {}),
  });
}

/** Deflate's window: how far back a compressed part can refer. */
const WINDOW_BYTES = 32 * 1024;

/**
 * What comes between one fixed part and the next: its bytes when they are the same in every response;
 * its length alone when only that is fixed; nothing known (null) when even that varies.
 */
export type Between = Buffer | { length: number } | null;

/**
 * The fixed parts compressed as a chain: each against the bytes before it on the page (deflate's
 * preset dictionary, up to its 32 KiB window), so that it refers back to them as a compression of the
 * whole page would; compressed each on its own, a page's parts come out 20-35 % larger. Bytes known only
 * by their length stand in as zeros, which the page never holds, so nothing refers into them, and every
 * distance is right whatever the response puts there. After a value of unknown length a new chain
 * starts. The page must hold no zero byte (callers check).
 */
export function deflateChain(parts: Buffer[], between: Between[]): Buffer[] {
  let window = Buffer.alloc(0);
  return parts.map((raw, index) => {
    const deflated = deflateBlocks(raw, window);
    const next = between[index];
    window =
      next === null || next === undefined
        ? Buffer.alloc(0)
        : Buffer.concat([window, raw, Buffer.isBuffer(next) ? next : Buffer.alloc(next.length)]).subarray(
            -WINDOW_BYTES,
          );
    return deflated;
  });
}

/** `bytes` as stored blocks (BFINAL 0, BTYPE 00), each up to 65,535 bytes. */
function storedBlocks(bytes: Buffer, out: Buffer[]): void {
  for (let start = 0; start < bytes.length; start += STORED_BLOCK_MAX) {
    const block = bytes.subarray(start, start + STORED_BLOCK_MAX);
    const header = Buffer.allocUnsafe(5);
    header[0] = 0x00;
    header.writeUInt16LE(block.length, 1);
    header.writeUInt16LE(~block.length & 0xffff, 3);
    out.push(header, block);
  }
}

/**
 * One gzip member holding the pieces in order: fixed parts (compressed at start) and values (Buffers,
 * stored as they are). Returns the chunks to write, in order.
 */
export function splicedGzip(pieces: (DeflatedPart | Buffer)[]): Buffer[] {
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  for (const piece of pieces) {
    const raw = Buffer.isBuffer(piece) ? piece : piece.raw;
    if (raw.length === 0) continue;
    crc = crc32(raw, crc);
    size += raw.length;
    if (Buffer.isBuffer(piece)) storedBlocks(piece, out);
    else out.push(piece.deflated);
  }
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  out.push(FINAL_EMPTY_BLOCK, trailer);
  return out;
}
