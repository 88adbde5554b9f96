import type { Diagnostic } from '../assemble/report';

/** `d` and its siblings (`d` first); `diagnosticsIn` reads a file's current diagnostics. */
export function renameSiblings(d: Diagnostic, diagnosticsIn: (file: string) => readonly Diagnostic[]): Diagnostic[] {
  const out = [d];
  if (!d.rename) return out;
  const related = new Set(d.related.map((r) => r.location.file));
  related.add(d.file);
  for (const file of related) {
    for (const other of diagnosticsIn(file)) {
      if (other === d || !other.rename || other.code !== d.code || other.tool !== d.tool) continue;
      if (other.rename.key !== d.rename.key || other.rename.discriminator !== d.rename.discriminator) continue;
      if (other.path.join('\u0000') !== d.path.join('\u0000')) continue;
      out.push(other);
    }
  }
  return out;
}
