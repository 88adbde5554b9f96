/**
 * OpenAI function objects (`{ type: 'function', function: { name, description, parameters } }`), which a program
 * builds itself, most often with `zodToJsonSchema`, and hands to the Chat Completions API. No library call makes
 * them, so nothing records them as they are written: they are found where a toolkit hands them out
 * (evaluate/worker/start/toolkits.ts). What is sent is the object itself, byte for byte.
 */
import { currentSession, descriptionOf } from '../evaluate/worker/recorders/session';
import type { SourcePoint } from '../evaluate/contract';
import { defineLibrary } from './library';

/** Record a function object a toolkit handed out, placed at `site` (where the toolkit is written). */
export function recordFunctionObject(value: Record<string, unknown>, site: SourcePoint): void {
  const fn = value.function as { name: string; description?: unknown; parameters: unknown };
  currentSession().record({
    sdk: 'openai-functions',
    name: fn.name,
    input: fn.parameters,
    description: descriptionOf(fn.description),
    callSite: site,
    handle: value,
    ship: () => Promise.resolve({ definition: value, inputSchema: fn.parameters }),
  });
}

export const functionObjects = defineLibrary({
  id: 'openai-functions',
  sdk: 'openai-functions',
  names: { package: 'openai', display: 'OpenAI function objects' },
  defaultTargets: ['openai'],
  specifiers: ['zod-to-json-schema'],
  mentions: ['zodToJsonSchema'],
  exports: {},
});
