/**
 * Findings about the parts of an MCP tool definition besides its input schema, read off what the library sent:
 * `mcp-header-invalid`, a parameter mirrored into an HTTP header under protocol 2026-07-28 (SEP-2243) that a
 * conforming client refuses.
 */
import { finding, messages } from '../../../../../shared/index';
import { schemaNodes } from '../../../../../shared/clients/schemaNodes';
import { schemaPathOf } from '../../../../../shared/clients/schemaNodes';
import { siteOfPointer } from '../../../../../shared/clients/trail';
import type { Finding } from '../../../../../shared/types';

/** RFC 9110 `tchar`: what an HTTP field name may hold. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_TYPES = new Set(['string', 'integer', 'boolean']);

/** Why a header parameter is refused, or undefined when it is valid. */
function headerProblem(pointer: readonly string[], node: Record<string, unknown>, name: unknown, seen: Set<string>): string | undefined {
  if (typeof name !== 'string' || !TOKEN.test(name)) return 'notToken';
  if (!pointer.every((seg, i) => (i % 2 === 0 ? seg === 'properties' : true)) || pointer.length === 0) return 'unreachable';
  if (typeof node.type !== 'string' || !HEADER_TYPES.has(node.type)) return 'type';
  if (seen.has(name.toLowerCase())) return 'duplicate';
  seen.add(name.toLowerCase());
  return undefined;
}

/** Every `x-mcp-header` a 2026-07-28 client refuses, each placed on the zod node behind it. */
export function headerFindings(tool: string, inputSchema: unknown, input: unknown): Finding[] {
  const out: Finding[] = [];
  const seen = new Set<string>();
  for (const { node, pointer } of schemaNodes(inputSchema)) {
    if (!('x-mcp-header' in node)) continue;
    const name = node['x-mcp-header'];
    const problem = headerProblem(pointer, node, name, seen);
    if (!problem) continue;
    const path = schemaPathOf(pointer);
    out.push(
      finding('mcp-header-invalid', messages.mcpHeaderInvalid(tool, path, String(name), problem as Parameters<typeof messages.mcpHeaderInvalid>[3]), {
        tool,
        path,
        sites: [pointer.length > 0 ? siteOfPointer(input, pointer) : { trail: [], anchor: 'tool' }],
      }),
    );
  }
  return out;
}
