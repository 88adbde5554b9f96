/**
 * Platform packages (issue 25): `npm run package -- --target <platform>` builds one .vsix per target, each carrying
 * esbuild's binary for that platform (this machine's from its install, another's fetched from the npm registry at
 * the installed esbuild's version) and marked with its TargetPlatform, as the Marketplace and Open VSX expect.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { zipEntries } from './zipEntries';

const root = join(__dirname, '..', '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const outDir = mkdtempSync(join(tmpdir(), 'tsl-platform-vsix-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** What a binary is built for, from its header: ELF x86-64, Mach-O arm64, PE. */
function formatOf(binary: Buffer): string {
  if (binary.subarray(0, 4).toString('latin1') === '\x7fELF')
    return binary.readUInt16LE(18) === 0x3e ? 'elf-x64' : binary.readUInt16LE(18) === 0xb7 ? 'elf-arm64' : 'elf-other';
  if (binary.readUInt32LE(0) === 0xfeedfacf)
    return binary.readUInt32LE(4) === 0x0100000c ? 'macho-arm64' : binary.readUInt32LE(4) === 0x01000007 ? 'macho-x64' : 'macho-other';
  if (binary.subarray(0, 2).toString('latin1') === 'MZ') return 'pe';
  return 'unknown';
}

describe('platform .vsix packages', () => {
  it('carry the right esbuild binary and target for two platforms', { timeout: 240_000 }, () => {
    execFileSync(process.execPath, [join(root, 'scripts', 'packageVsix.mjs'), '--target', 'linux-x64,darwin-arm64', '--out-dir', outDir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(readdirSync(outDir).sort()).toEqual([`tool-schema-lens-darwin-arm64-${version}.vsix`, `tool-schema-lens-linux-x64-${version}.vsix`]);
    for (const [target, format] of [
      ['linux-x64', 'elf-x64'],
      ['darwin-arm64', 'macho-arm64'],
    ]) {
      const entries = zipEntries(join(outDir, `tool-schema-lens-${target}-${version}.vsix`));
      const binary = entries.find((e) => e.name === 'extension/dist/esbuild/bin/esbuild');
      expect(binary, target).toBeDefined();
      expect(formatOf(binary!.read())).toBe(format);
      expect(
        entries
          .find((e) => e.name === 'extension.vsixmanifest')!
          .read()
          .toString('utf8'),
      ).toContain(`TargetPlatform="${target}"`);
    }
  });
});
