/**
 * LangChain (`@langchain/core/tools`): `tool(fn, { name, schema })` and `new DynamicStructuredTool({ name,
 * schema })`.
 */
import { captureCallSite } from '../evaluate/recorders/callSite';
import { currentSession } from '../evaluate/recorders/session';
import { defineLibrary } from './library';

type AnyFunction = (...args: any[]) => any;
type AnyClass = new (...args: any[]) => any;
type Options = Record<string, any> | undefined;

export function langchainRecorder(real: { tool: AnyFunction; DynamicStructuredTool: AnyClass }) {
  const session = currentSession();
  const tool = function tool(this: unknown, ...args: any[]) {
    const callSite = captureCallSite(tool);
    const fields = args[1] as Options;
    session.record({ sdk: 'langchain', name: fields?.name ? String(fields.name) : undefined, input: fields?.schema, callSite });
    return real.tool.apply(this, args);
  };
  class DynamicStructuredTool extends real.DynamicStructuredTool {
    constructor(...args: any[]) {
      const callSite = captureCallSite(DynamicStructuredTool);
      const fields = args[0] as Options;
      session.record({ sdk: 'langchain', name: fields?.name ? String(fields.name) : undefined, input: fields?.schema, callSite });
      super(...args);
    }
  }
  return { tool, DynamicStructuredTool };
}

export const langchain = defineLibrary({
  id: 'langchain',
  sdk: 'langchain',
  specifiers: ['@langchain/core/tools*', 'langchain/tools', '@langchain/core'],
  mentions: ['langchain'],
  exports: {
    tool: { kind: 'tool', call: 'call', form: { form: 'config', arg: 1, schemaKeys: ['schema'] } },
    DynamicStructuredTool: { kind: 'tool', call: 'new', form: { form: 'config', arg: 0, schemaKeys: ['schema'] } },
  },
  shim: { entries: ['@langchain/core/tools'], exports: ['tool', 'DynamicStructuredTool'] },
  recorder: langchainRecorder,
});
