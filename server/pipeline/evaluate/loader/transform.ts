/**
 * A workspace source as Node runs it under `tsx`: TypeScript and JSX stripped by esbuild's transform (one file,
 * no bundling), as an ES module with an inline source map naming the real file. The file-relative globals mean
 * this file, whatever URL the loader gave it: `import.meta.url` (a main guard compares it with `process.argv[1]`),
 * `import.meta.dirname`/`filename`, and in an ES module the CommonJS `__dirname`, `__filename` and `require` that
 * TypeScript sources written for CommonJS use. A name the file declares itself is left alone (esbuild's `define`
 * only replaces unbound names).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { transform, type Loader, type Message } from 'esbuild';
import type { LoadFailure } from './protocol';

const LOADERS: Record<string, Loader> = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx', '.jsx': 'jsx', '.js': 'js', '.mjs': 'js' };

/** Whether the loader transforms files with this extension. */
export function isScript(extension: string): boolean {
  return extension in LOADERS;
}

/** Whether Node cannot load this extension by itself. */
export function needsTransform(extension: string): boolean {
  return extension === '.ts' || extension === '.mts' || extension === '.cts' || extension === '.tsx' || extension === '.jsx';
}

const META = '__toolSchemaLensMeta';

export class TransformFailed extends Error {
  constructor(readonly failure: LoadFailure) {
    super(failure.reason);
    this.name = 'SyntaxError';
  }
}

/** `source` (the text of `file`) as an ES module Node can run. Throws `TransformFailed` with the first error's place. */
export async function toModule(file: string, source: string, compilerOptions: Record<string, unknown>): Promise<string> {
  const url = pathToFileURL(file).href;
  const meta = {
    url,
    filename: file,
    dirname: path.dirname(file),
  };
  const banner =
    `import { createRequire as ${META}_createRequire } from "node:module"; ` +
    `const ${META} = { ...${JSON.stringify(meta)}, require: ${META}_createRequire(${JSON.stringify(url)}) };`;
  try {
    const result = await transform(source, {
      loader: LOADERS[path.extname(file).toLowerCase()] ?? 'ts',
      format: 'esm',
      target: 'node20',
      platform: 'node',
      sourcemap: 'inline',
      sourcefile: file,
      logLevel: 'silent',
      tsconfigRaw: { compilerOptions },
      banner,
      define: {
        'import.meta.url': `${META}.url`,
        'import.meta.filename': `${META}.filename`,
        'import.meta.dirname': `${META}.dirname`,
        __filename: `${META}.filename`,
        __dirname: `${META}.dirname`,
        require: `${META}.require`,
      },
    });
    return result.code;
  } catch (error) {
    const first = (error as { errors?: Message[] }).errors?.[0];
    const loc = first?.location;
    throw new TransformFailed({
      reason: first?.text ?? (error instanceof Error ? error.message : String(error)),
      ...(loc ? { at: { file, line: loc.line - 1, character: loc.column } } : {}),
    });
  }
}
