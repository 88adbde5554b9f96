import type { Diagnostic, ToolReport } from '../assemble/report';

/** Exported schemas (and their findings) kept only where no registration was found at all; `@toolSchema` ones stay. */
export function withoutUnusedExports<T extends { kind?: ToolReport['kind']; origin?: Diagnostic['origin'] }>(items: readonly T[], registered: boolean): T[] {
  return registered ? items.filter((x) => x.kind !== 'exported' && x.origin !== 'exported') : [...items];
}
