import { ts } from 'ts-morph';

/** `wanted`, or `wanted2`, `wanted3`… the first no identifier of the file spells: a name an edit can add safely. */
export function freshName(source: ts.SourceFile, wanted: string): string {
  const taken = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) taken.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  let name = wanted;
  for (let i = 2; taken.has(name); i++) name = `${wanted}${i}`;
  return name;
}
