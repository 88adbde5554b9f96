/**
 * The OpenAI Agents SDK (`@openai/agents`): `tool({ name, parameters, execute })`. Recorded before the real
 * call, since the SDK may refuse the schema (strict mode) and the user should still see it.
 */
import { captureCallSite } from '../evaluate/recorders/callSite';
import { currentSession } from '../evaluate/recorders/session';
import { defineLibrary } from './library';

type AnyFunction = (...args: any[]) => any;
type Options = Record<string, any> | undefined;

export function openaiAgentsRecorder(real: { tool: AnyFunction }): { tool: AnyFunction } {
  const session = currentSession();
  const tool = function tool(this: unknown, ...args: any[]) {
    const callSite = captureCallSite(tool);
    const options = args[0] as Options;
    const name = options?.name ?? (typeof options?.execute === 'function' ? options.execute.name : undefined);
    session.record({ sdk: 'openai-agents', name: name ? String(name) : undefined, input: options?.parameters, callSite });
    return real.tool.apply(this, args);
  };
  return { tool };
}

export const openaiAgents = defineLibrary({
  id: 'openai-agents',
  sdk: 'openai-agents',
  specifiers: ['@openai/agents*'],
  mentions: ['@openai/agents'],
  exports: { tool: { kind: 'tool', call: 'call', form: { form: 'config', arg: 0, schemaKeys: ['parameters'] } } },
  shim: { entries: ['@openai/agents', '@openai/agents-core'], exports: ['tool'] },
  recorder: openaiAgentsRecorder,
});
