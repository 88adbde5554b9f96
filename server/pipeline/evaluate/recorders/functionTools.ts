/**
 * SDKs whose tools are made by a function or a plain class: the Vercel AI SDK (`tool({ inputSchema |
 * parameters })`, named by the key it is placed under), the OpenAI Agents SDK (`tool({ name, parameters })`)
 * and LangChain (`tool(fn, { name, schema })`, `new DynamicStructuredTool({ name, schema })`).
 */
import { captureCallSite } from './callSite';
import { currentSession } from './session';

type AnyFunction = (...args: any[]) => any;
type AnyClass = new (...args: any[]) => any;
type Options = Record<string, any> | undefined;

export function aiRecorder(real: { tool: AnyFunction }): { tool: AnyFunction } {
  const session = currentSession();
  const tool = function tool(this: unknown, ...args: any[]) {
    const callSite = captureCallSite(tool);
    const options = args[0] as Options;
    const handle = real.tool.apply(this, args);
    session.record({ sdk: 'ai', name: undefined, input: options?.inputSchema ?? options?.parameters, description: textOf(options?.description), callSite, handle });
    return handle;
  };
  return { tool };
}

export function openaiAgentsRecorder(real: { tool: AnyFunction }): { tool: AnyFunction } {
  const session = currentSession();
  const tool = function tool(this: unknown, ...args: any[]) {
    const callSite = captureCallSite(tool);
    const options = args[0] as Options;
    const name = options?.name ?? (typeof options?.execute === 'function' ? options.execute.name : undefined);
    // Recorded before the real call: the SDK may refuse the schema (strict mode), and the user should still see it.
    session.record({ sdk: 'openai-agents', name: name ? String(name) : undefined, input: options?.parameters, description: textOf(options?.description), callSite });
    return real.tool.apply(this, args);
  };
  return { tool };
}

export function langchainRecorder(real: { tool: AnyFunction; DynamicStructuredTool: AnyClass }) {
  const session = currentSession();
  const tool = function tool(this: unknown, ...args: any[]) {
    const callSite = captureCallSite(tool);
    const fields = args[1] as Options;
    session.record({ sdk: 'langchain', name: fields?.name ? String(fields.name) : undefined, input: fields?.schema, description: textOf(fields?.description), callSite });
    return real.tool.apply(this, args);
  };
  class DynamicStructuredTool extends real.DynamicStructuredTool {
    constructor(...args: any[]) {
      const callSite = captureCallSite(DynamicStructuredTool);
      const fields = args[0] as Options;
      session.record({ sdk: 'langchain', name: fields?.name ? String(fields.name) : undefined, input: fields?.schema, description: textOf(fields?.description), callSite });
      super(...args);
    }
  }
  return { tool, DynamicStructuredTool };
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
