/**
 * The Vercel AI SDK (`ai`): `tool({ inputSchema | parameters })` (and `dynamicTool`) makes a tool, named by
 * the key or variable it is placed under. The recorder keeps the returned object as the recording's handle,
 * so the worker can find that name among the module's exports.
 */
import { captureCallSite } from '../evaluate/worker/recorders/callSite';
import { currentSession, descriptionOf } from '../evaluate/worker/recorders/session';
import { defineLibrary, type DiscoveredExport, type RecorderHrefs } from './library';

type AnyFunction = (...args: any[]) => any;
type Options = Record<string, any> | undefined;

export function aiRecorder(real: { tool: AnyFunction; asSchema?: AnyFunction }, _companion?: unknown, hrefs?: RecorderHrefs): { tool: AnyFunction } {
  const session = currentSession();
  const tool = function tool(this: unknown, ...args: any[]) {
    const callSite = captureCallSite(tool);
    const options = args[0] as Options;
    const handle = real.tool.apply(this, args);
    const input = options?.inputSchema ?? options?.parameters;
    // What a call to the model carries: `asSchema(tool.inputSchema).jsonSchema`, the SDK's own conversion.
    const asSchema = real.asSchema;
    const ship =
      typeof asSchema === 'function' && input !== undefined
        ? async (swap?: unknown) => {
            const inputSchema = await asSchema(swap ?? input).jsonSchema;
            return { definition: { description: options?.description, inputSchema }, inputSchema };
          }
        : undefined;
    session.record({ sdk: 'ai', name: undefined, input, description: descriptionOf(options?.description), callSite, handle, libraryModule: hrefs?.real, ship });
    return handle;
  };
  return { tool };
}

const TOOL: DiscoveredExport = { kind: 'tool', call: 'call', form: { form: 'config', arg: 0, schemaKeys: ['inputSchema', 'parameters'] } };

export const ai = defineLibrary({
  id: 'ai',
  sdk: 'ai',
  names: { package: 'ai', display: 'ai (Vercel AI SDK)' },
  // It can call any provider: judged against OpenAI and Anthropic in their default (non-strict) modes, which take
  // the schema as it is; its Google provider rewrites a schema into Gemini's subset first (cross-checked against
  // @ai-sdk/google), so judging the raw schema against Gemini would flag what never reaches it.
  defaultTargets: ['openai', 'anthropic'],
  specifiers: ['ai'],
  mentions: ["'ai'", '"ai"'],
  exports: { tool: TOOL, dynamicTool: TOOL },
  shim: { entries: ['ai'], exports: ['tool'] },
  recorder: aiRecorder,
});
