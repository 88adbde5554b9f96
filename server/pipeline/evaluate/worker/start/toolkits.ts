/**
 * Toolkits: a class constructed with a configuration that hands its tools out (`getTools()`, `tools`, `get_tools`)
 * rather than registering them. The worker asks a toolkit it constructed for them, names the tools its libraries
 * recorded by the keys it hands them out under (AI SDK tools have no name of their own), and records those no
 * library call made: a LangChain `StructuredTool` subclass, an OpenAI function object (`{ type: 'function' }`).
 */
import { isZodSchemaSafe } from '../../../../../shared/zod/read';
import { recordStructuredTool } from '../../../sdks/langchain';
import { recordFunctionObject } from '../../../sdks/functionObjects';
import type { SourcePoint } from '../../contract';
import type { RecordingSession } from '../recorders/session';

/** How toolkits hand their tools out, tried in order; a method is called only when it takes no argument. */
const TOOL_GETTERS = ['getTools', 'get_tools', 'tools', 'getToolkit'] as const;

/** What the toolkit hands out, or undefined when it has no getter (or the getter threw). */
export async function toolkitTools(instance: unknown): Promise<unknown> {
  if (!instance || typeof instance !== 'object') return undefined;
  for (const getter of TOOL_GETTERS) {
    let value: unknown;
    try {
      const member = (instance as Record<string, unknown>)[getter];
      value = typeof member === 'function' ? (member.length === 0 ? await member.call(instance) : undefined) : member;
    } catch {
      continue;
    }
    if (value && typeof value === 'object') return value;
  }
  return undefined;
}

function isStructuredTool(value: Record<string, unknown>): boolean {
  return typeof value.name === 'string' && isZodSchemaSafe(value.schema) && typeof value.invoke === 'function';
}

function isFunctionObject(value: Record<string, unknown>): boolean {
  const fn = value.function as Record<string, unknown> | undefined;
  return value.type === 'function' && !!fn && typeof fn.name === 'string' && !!fn.parameters && typeof fn.parameters === 'object';
}

/** Adopt what a toolkit handed out: `site` is where the toolkit's class is written, for the tools no call placed. */
export function adoptToolkitTools(handed: unknown, session: RecordingSession, site: SourcePoint): number {
  const entries: Array<[string | undefined, unknown]> = Array.isArray(handed)
    ? handed.map((member) => [undefined, member])
    : Object.entries(handed as Record<string, unknown>);
  let adopted = 0;
  for (const [key, member] of entries) {
    if (!member || typeof member !== 'object') continue;
    const unnamed = session.unnamed.find((r) => r.handle === member);
    if (unnamed && key !== undefined) {
      session.adopt(unnamed, key);
      adopted++;
      continue;
    }
    const value = member as Record<string, unknown>;
    // A tool a library call recorded already (a `DynamicStructuredTool`, a named `tool()`): nothing to add.
    if (session.recordings.some((r) => r.handle === member || (r.input !== undefined && r.input === value.schema))) continue;
    if (isStructuredTool(value)) recordStructuredTool(value, site);
    else if (isFunctionObject(value)) recordFunctionObject(value, site);
    else continue;
    adopted++;
  }
  return adopted;
}
