/**
 * The OpenAI Agents SDK (`@openai/agents`): `tool({ name, parameters, execute })`. Recorded before the real
 * call, since the SDK may refuse the schema (strict mode) and the user should still see it.
 */
import { captureCallSite } from '../evaluate/worker/recorders/callSite';
import { currentSession, descriptionOf, type Recording } from '../evaluate/worker/recorders/session';
import { defineLibrary, type RecorderHrefs } from './library';

type AnyFunction = (...args: any[]) => any;
type Options = Record<string, any> | undefined;

export function openaiAgentsRecorder(real: { tool: AnyFunction }, _companion?: unknown, hrefs?: RecorderHrefs): { tool: AnyFunction } {
  const session = currentSession();
  const tool = function tool(this: unknown, ...args: any[]) {
    const callSite = captureCallSite(tool);
    const options = args[0] as Options;
    const name = options?.name ?? (typeof options?.execute === 'function' ? options.execute.name : undefined);
    const recording: Recording = {
      sdk: 'openai-agents',
      name: name ? String(name) : undefined,
      input: options?.parameters,
      description: descriptionOf(options?.description),
      callSite,
      libraryModule: hrefs?.real,
    };
    session.record(recording);
    const made = real.tool.apply(this, args);
    // What the SDK sends: the tool's own `parameters` (JSON Schema) and `strict`, converted by `tool()` itself.
    // Synchronous in the SDK; a promise because other libraries' conversions are async.
    recording.ship = (swap?: unknown) => {
      const built = swap === undefined ? made : real.tool.call(this, { ...options, parameters: swap });
      const definition = { name: built?.name, description: built?.description, parameters: built?.parameters, strict: built?.strict };
      return Promise.resolve({ definition, inputSchema: built?.parameters });
    };
    return made;
  };
  return { tool };
}

export const openaiAgents = defineLibrary({
  id: 'openai-agents',
  sdk: 'openai-agents',
  names: { package: '@openai/agents' },
  // Agents send tools to OpenAI, strict by default.
  defaultTargets: ['openai-strict'],
  specifiers: ['@openai/agents*'],
  mentions: ['@openai/agents'],
  exports: { tool: { kind: 'tool', call: 'call', form: { form: 'config', arg: 0, schemaKeys: ['parameters'] } } },
  shim: { entries: ['@openai/agents', '@openai/agents-core'], exports: ['tool'] },
  recorder: openaiAgentsRecorder,
});
