import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { HttpError } from '../platform/errors';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '../../shared/imports';
import { badRequest, tooLarge } from './refusals';

/** Whether the bytes open as a zip archive (a local file header, or an empty archive's end record). */
export const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05);

/**
 * How much of the archive each step hands the inflater: deflate makes at most about 1,032 bytes of
 * one, so a step's output stays within some 16 MB before the count below sees it.
 */
const SLICE_BYTES = 16 * 1024;

/**
 * The archive's files (folders left out), inflated step by step and counted as they come, so that a
 * crafted archive (a zip bomb, or thousands of entries) is refused once it passes
 * IMPORT_LIMITS.zipEntriesMax entries or IMPORT_LIMITS.unpackedMaxBytes in all, whatever its
 * headers claim. A damaged archive is refused as malformed.
 */
export function unpackZip(bytes: Uint8Array): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array[]>();
  let entries = 0;
  let unpacked = 0;
  const unzip = new Unzip((file) => {
    entries += 1;
    if (entries > IMPORT_LIMITS.zipEntriesMax) throw tooLarge(IMPORT_MESSAGES.zipTooLarge);
    if (file.name.endsWith('/')) return;
    const chunks: Uint8Array[] = [];
    files.set(file.name, chunks);
    file.ondata = (error, chunk) => {
      // fflate hands back what this callback threw before (the limit's refusal) as an error too.
      if (error) throw error instanceof HttpError ? error : badRequest(IMPORT_MESSAGES.malformed);
      unpacked += chunk.length;
      if (unpacked > IMPORT_LIMITS.unpackedMaxBytes) throw tooLarge(IMPORT_MESSAGES.zipTooLarge);
      chunks.push(chunk);
    };
    try {
      file.start();
    } catch (error) {
      // A compression method fflate does not read (only stored and deflated entries are).
      throw error instanceof HttpError ? error : badRequest(IMPORT_MESSAGES.malformed);
    }
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  try {
    for (let start = 0; start < bytes.length; start += SLICE_BYTES) {
      unzip.push(bytes.subarray(start, start + SLICE_BYTES), start + SLICE_BYTES >= bytes.length);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest(IMPORT_MESSAGES.malformed);
  }
  // An archive that opens with a file's header but yields none is damaged (an empty archive has no such header).
  if (entries === 0 && bytes[2] === 0x03) throw badRequest(IMPORT_MESSAGES.malformed);
  return new Map([...files].map(([name, chunks]) => [name, joined(chunks)]));
}

function joined(chunks: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(chunks.reduce((length, chunk) => length + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.length;
  }
  return whole;
}
