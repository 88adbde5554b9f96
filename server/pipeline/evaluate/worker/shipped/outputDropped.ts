/**
 * A declared output schema the library did not send (MCP SDK 1.x sends none for an output that is not a zod
 * object: `normalizeObjectSchema` finds no shape): a `schema-dropped` warning, since the tool still works.
 */
import { finding, messages } from '../../../../../shared/index';
import type { Finding } from '../../../../../shared/types';
import { readNode } from '../../../../../shared/zod/read';
import type { ShippedInfo } from '../../contract';

export function outputDropped(tool: string, library: Pick<ShippedInfo, 'library' | 'libraryVersion'>, output: unknown): Finding {
  const kind = readNode(output)?.kind ?? 'schema';
  const label = [library.library, library.libraryVersion].filter(Boolean).join(' ');
  return finding('schema-dropped', messages.outputDropped(tool, label, `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`), {
    tool,
    severity: 'warning',
    sites: [{ trail: [], anchor: 'tool' }],
  });
}
