/**
 * The one sentence that says what a schema preview shows and where it came from, for the hover and for
 * "Show Advertised Schema": "Sent by @modelcontextprotocol/sdk 1.32.2 with zod 4.6.7", or, where the library
 * could not be run, that this is the engine's emulation; a result the editor kept after its file's run failed says so first.
 */
import type { ToolReport } from '../pipeline';

export function shippedHeader(tool: Pick<ToolReport, 'shipped' | 'kind' | 'stale'>): string {
  const header = sourceOf(tool);
  // A kept result is worth showing, never as if it were current.
  return tool.stale ? `Last good result (its file's latest run failed; see its evaluation-failed finding). ${header}` : header;
}

function sourceOf(tool: Pick<ToolReport, 'shipped' | 'kind'>): string {
  const shipped = tool.shipped;
  if (!shipped) return tool.kind === 'exported' ? "The engine's conversion (an exported schema, not sent by a library)" : "The engine's conversion";
  const library = [shipped.library, shipped.libraryVersion].filter(Boolean).join(' ');
  const zod = shipped.zodVersion ? ` with zod ${shipped.zodVersion}` : '';
  const flattened = shipped.flattened ? ', flattened' : '';
  if (shipped.source === 'library' && shipped.listedAlone)
    return `Sent by ${library}${zod}${flattened} once the list works: ${shipped.note ?? "the server's tools/list fails"}, so this is what it lists for this tool alone`;
  if (shipped.source === 'library') return `Sent by ${library}${zod}${flattened}`;
  const why = shipped.note ? `not sent by ${library}: ${shipped.note}` : 'install dependencies for the exact schema';
  return `Emulated (${library}${zod}${flattened}): ${why}`;
}

/** The heading of the whole definition as sent, below the input schema. */
export const DEFINITION_HEADING = 'The whole definition as sent: name, title, description, input and output schema, annotations, _meta';

/** The heading of the flattened preview, for a tool that ships its union as written. */
export const FLATTENED_HEADING = 'Flattened: what a server that flattens this tool would ship';
