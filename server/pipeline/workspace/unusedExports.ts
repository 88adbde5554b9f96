/**
 * Only inputs: once any registration was recorded, an exported schema no tool takes is used for types, validation or
 * as an output schema, not sent to a model as an input; one a tool takes is reported through that tool.
 */
import type { Diagnostic, ToolReport } from '../types';

/** Exported schemas (and their findings) kept only where no registration was found at all; `@toolSchema` ones stay. */
export function withoutUnusedExports<T extends { kind?: ToolReport['kind']; origin?: Diagnostic['origin'] }>(items: readonly T[], registered: boolean): T[] {
  return registered ? items.filter((x) => x.kind !== 'exported' && x.origin !== 'exported') : [...items];
}
