/**
 * Where a tool is defined when its registration does not name it literally: a loop over a registry
 * (`tools.forEach((t) => server.registerTool(t.name, t.definition, ...))`) registers every tool at one call, and
 * the tool itself is the object literal that says `name: 'manage_contact'`. Found by the name the library
 * recorded, among the files the evaluation ran; only a single such literal answers (two are a guess).
 */
import { Node, type SourceFile } from 'ts-morph';
import type { Location } from '../types';
import { locationOf, propertyName, stringValue } from '../syntax';

/** Properties that say an object literal is a tool's definition rather than something else with that name. */
const TOOL_PROPERTIES = new Set(['inputSchema', 'schema', 'parameters', 'input', 'definition', 'config', 'handler', 'execute', 'description', 'cb']);

/**
 * The `name: '<name>'` string of the one object literal that defines the tool, in `files` (absolute paths); null
 * when none does or several do. `textOf` reads a file cheaply, so only files mentioning the name are parsed.
 */
export function toolDefinitionName(
  name: string,
  files: readonly string[],
  textOf: (file: string) => string | undefined,
  sourceFile: (file: string) => SourceFile | undefined,
): Location | null {
  const found: Array<{ at: Node; toolLike: boolean }> = [];
  for (const file of files) {
    if (/[\\/]node_modules[\\/]/.test(file)) continue;
    const text = textOf(file);
    if (!text || !(text.includes(`'${name}'`) || text.includes(`"${name}"`) || text.includes(`\`${name}\``))) continue;
    const sf = sourceFile(file);
    if (!sf) continue;
    sf.forEachDescendant((node) => {
      if (!Node.isPropertyAssignment(node) || propertyName(node.getNameNode()) !== 'name') return;
      const value = node.getInitializer();
      if (!value || stringValue(value) !== name) return;
      const literal = node.getParent();
      if (!Node.isObjectLiteralExpression(literal)) return;
      const toolLike = literal
        .getProperties()
        .some(
          (p) =>
            (Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p) || Node.isMethodDeclaration(p)) &&
            TOOL_PROPERTIES.has(propertyName(p.getNameNode()) ?? ''),
        );
      found.push({ at: value, toolLike });
    });
  }
  const toolLike = found.filter((f) => f.toolLike);
  const one = toolLike.length === 1 ? toolLike[0] : found.length === 1 ? found[0] : undefined;
  return one ? locationOf(one.at) : null;
}
