/**
 * The runtime package as npm packs it from a fresh checkout (issue 25): `npm pack` runs `prepack`, which builds the
 * bundles and the type declarations, so the tarball carries `index.d.ts` and `index.d.cts`; a TypeScript consumer
 * (ESM and CommonJS) type-checks against the tarball, and the types are real: a wrong use of the handler's
 * arguments is an error. The checkout is a copy, so the repository's own runtime/dist is never touched.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO, runtimeCheckout } from './installRuntime';

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-runtime-types-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

const CONSUMER = `import { flattenTool } from '@tool-schema-lens/runtime';
import { z } from 'zod';

const input = z.discriminatedUnion('kind', [z.object({ kind: z.literal('a'), x: z.string() }), z.object({ kind: z.literal('b'), n: z.number() })]);
const send = flattenTool(input);
export const handler = send.handler(async (args) => {
  const kind: 'a' | 'b' = args.kind;
  const text = args.kind === 'a' ? args.x : String(args.n);
  return { content: [{ type: 'text' as const, text: kind + text }] };
});
export const schema = send.jsonSchema('draft-2020-12');
`;

const WRONG = `import { flattenTool } from '@tool-schema-lens/runtime';
import { z } from 'zod';

const send = flattenTool(z.discriminatedUnion('kind', [z.object({ kind: z.literal('a'), x: z.string() })]));
export const handler = send.handler(async (args) => {
  const wrong: number = args.x;
  return { content: [{ type: 'text' as const, text: String(wrong) }] };
});
`;

const CJS = `import runtime = require('@tool-schema-lens/runtime');
import { z } from 'zod';
export const send = runtime.flattenTool(z.object({ q: z.string() }));
`;

describe('the runtime package packed from a fresh checkout', { timeout: 240_000 }, () => {
  it('carries its type declarations, and a consumer type-checks against the tarball', () => {
    // A checkout without runtime/dist: the files the build reads, and the repository's installed packages.
    const checkout = runtimeCheckout(temp);
    expect(fs.existsSync(path.join(checkout, 'dist'))).toBe(false);

    const out = path.join(temp, 'out');
    fs.mkdirSync(out);
    execFileSync('npm', ['pack', '--silent', '--pack-destination', out], { cwd: checkout, stdio: 'pipe' });
    const tarball = path.join(
      out,
      fs.readdirSync(out).find((f) => f.endsWith('.tgz'))!,
    );
    const listed = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
    expect(listed).toEqual(expect.arrayContaining(['package/dist/index.d.ts', 'package/dist/index.d.cts', 'package/dist/index.mjs', 'package/dist/index.cjs']));

    const consumer = path.join(temp, 'consumer');
    const installed = path.join(consumer, 'node_modules', '@tool-schema-lens', 'runtime');
    fs.mkdirSync(installed, { recursive: true });
    execFileSync('tar', ['-xzf', tarball, '--strip-components=1', '-C', installed]);
    fs.symlinkSync(path.join(REPO, 'node_modules', 'zod'), path.join(consumer, 'node_modules', 'zod'));
    fs.writeFileSync(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    const tsconfig = {
      compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', noEmit: true, types: [], skipLibCheck: false },
    };
    fs.writeFileSync(path.join(consumer, 'tsconfig.json'), JSON.stringify({ ...tsconfig, include: ['index.ts', 'cjs.cts'] }));
    fs.writeFileSync(path.join(consumer, 'index.ts'), CONSUMER);
    fs.writeFileSync(path.join(consumer, 'cjs.cts'), CJS);
    const tsc = (project: string) =>
      spawnSync(process.execPath, [path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], { cwd: consumer, encoding: 'utf8' });
    const good = tsc('tsconfig.json');
    expect(good.stdout + good.stderr).toBe('');
    expect(good.status).toBe(0);

    // The types have teeth: the handler's arguments are the union's output, not any.
    fs.writeFileSync(path.join(consumer, 'wrong.ts'), WRONG);
    fs.writeFileSync(path.join(consumer, 'tsconfig.wrong.json'), JSON.stringify({ ...tsconfig, include: ['wrong.ts'] }));
    const wrong = tsc('tsconfig.wrong.json');
    expect(wrong.status).not.toBe(0);
    expect(wrong.stdout).toMatch(/wrong\.ts\(6,9\): error TS2322: Type 'string' is not assignable to type 'number'/);
  });
});
