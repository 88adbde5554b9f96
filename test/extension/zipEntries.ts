/**
 * The entry names of a zip archive (a .vsix is one), read from its central directory. Enough for
 * asserting what a package contains without an unzip binary or a zip library.
 */
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

export interface ZipEntry {
  name: string;
  /** Unix permission bits as stored by the packer (0 when it stored none). */
  mode: number;
  /** The entry's bytes, inflated. */
  read(): Buffer;
}

export function zipEntries(file: string): ZipEntry[] {
  const zip = readFileSync(file);
  // The end-of-central-directory record sits in the last 22 bytes plus at most a 64 KiB comment.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error(`${file} is not a zip archive`);
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(offset) !== CENTRAL_SIGNATURE) throw new Error(`bad central directory entry ${n} in ${file}`);
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const mode = (zip.readUInt32LE(offset + 38) >>> 16) & 0o7777;
    const localOffset = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    entries.push({
      name,
      mode,
      read() {
        if (zip.readUInt32LE(localOffset) !== LOCAL_SIGNATURE) throw new Error(`bad local header for ${name}`);
        const start = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
        const data = zip.subarray(start, start + compressedSize);
        if (method === 0) return Buffer.from(data);
        if (method === 8) return inflateRawSync(data);
        throw new Error(`unsupported compression method ${method} for ${name}`);
      },
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
