/**
 * The source of the recording shims the bundle routes tool libraries' entry points through (which entry points,
 * and which exports, each library's descriptor in ../sdks says). A shim re-exports the real module (loaded from
 * the workspace) and replaces the registering exports with the worker's recorders, which wrap the real classes
 * and functions.
 */
import type { ShimSpec } from '../../../sdks/index';
import { RECORDERS_KEY } from '../../protocol';

/** The global the shims read the worker's recorders from. */
export { RECORDERS_KEY };

export { shimFor, type ShimSpec } from '../../../sdks/index';

export interface ShimSource {
  spec: ShimSpec;
  /** How the shim loads the real module: an ESM specifier (file URL) or a CommonJS one (absolute path). */
  real: string;
  /** The first of the spec's companion modules that resolved (`mcp-handler`: the MCP server to record with). */
  server?: string;
  format: 'esm' | 'cjs';
}

/** The shim module's text. Without the recorders installed (not in a worker) it is the real module. */
export function shimSource({ spec, real, server, format }: ShimSource): string {
  const recorders = `globalThis[Symbol.for(${JSON.stringify(RECORDERS_KEY)})]`;
  // Where the real modules are: the worker loads the same library's client and converters from there.
  const hrefs = JSON.stringify({ real, server });
  if (format === 'esm') {
    const lines = [
      `import * as real from ${JSON.stringify(real)};`,
      server ? `import * as server from ${JSON.stringify(server)};` : 'const server = undefined;',
      `export * from ${JSON.stringify(real)};`,
      `const recorders = ${recorders};`,
      `const shim = recorders ? recorders[${JSON.stringify(spec.recorder)}](real, server, ${hrefs}) : real;`,
      ...spec.exports.map((name) => `export const ${name} = shim.${name};`),
    ];
    return lines.join('\n');
  }
  return [
    `const real = require(${JSON.stringify(real)});`,
    server ? `const server = require(${JSON.stringify(server)});` : 'const server = undefined;',
    `const recorders = ${recorders};`,
    `module.exports = recorders ? Object.assign({}, real, recorders[${JSON.stringify(spec.recorder)}](real, server, ${hrefs})) : real;`,
  ].join('\n');
}
