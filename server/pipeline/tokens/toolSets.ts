/**
 * What one host is sent together: the tools of one server object (wherever its tools were registered), or, for
 * libraries without a server (AI SDK, Agents, LangChain, Mastra tools), one exported tool set (the object holding
 * them; else the file's). Alternative sets and
 * separate programs in one folder are never summed as if one model saw them all (issue 20).
 */
import * as path from 'node:path';
import type { ToolReport } from '../assemble/report';
import { sentTools } from './budget';

export interface ToolSet {
  /** How messages name it: the server's name, else the file holding the set. */
  label: string;
  tools: ToolReport[];
}

function keyOf(tool: ToolReport): string {
  const server = tool.server;
  if (server && !server.synthetic) {
    const site = server.site ? `${server.site.file}:${server.site.line}:${server.site.character}` : '';
    return `server\0${server.name ?? ''}\0${site}`;
  }
  // A server the worker made for a factory call stands for the one the program passes: one per factory.
  if (server?.synthetic) return `factory\0${tool.location.file}\0${tool.calledFactory ?? ''}`;
  return `set\0${tool.toolSetFile ?? tool.location.file}\0${tool.toolSet ?? ''}`;
}

/**
 * The registered tools grouped by what one host is sent, first-seen order; `folder` names the only set when
 * nothing better names it (a workspace of one server without a name).
 */
export function toolSets(tools: readonly ToolReport[], folder: string): ToolSet[] {
  const groups = new Map<string, ToolReport[]>();
  for (const tool of sentTools(tools)) {
    const key = keyOf(tool);
    const group = groups.get(key);
    if (group) group.push(tool);
    else groups.set(key, [tool]);
  }
  const sets = [...groups.values()];
  return sets.map((set) => {
    const name = set[0].server?.name;
    if (name) return { label: `\`${name}\``, tools: set };
    if (sets.length === 1) return { label: `\`${folder}\``, tools: set };
    const file = path.basename(set[0].toolSetFile ?? set[0].location.file);
    return { label: set[0].toolSet ? `\`${set[0].toolSet}\` (${file})` : `the tools in ${file}`, tools: set };
  });
}
