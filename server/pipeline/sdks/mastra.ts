/**
 * Mastra (`@mastra/core`): `createTool({ id, description, inputSchema, execute })` makes a tool named by its
 * `id`. What an agent sends a model is the tool as Mastra's `makeCoreTool` builds it (`@mastra/core/utils`,
 * the recorder's companion module): `parameters.jsonSchema`, converted by Mastra itself with the zod copy
 * that built the schema. No model is given, so no provider's compat layer applies: the model-neutral form.
 */
import { captureCallSite } from '../evaluate/worker/recorders/callSite';
import { currentSession, descriptionOf, type Recording } from '../evaluate/worker/recorders/session';
import { defineLibrary, type RecorderHrefs } from './library';

type AnyFunction = (...args: any[]) => any;
type Options = Record<string, any> | undefined;

export function mastraRecorder(
  real: { createTool?: AnyFunction },
  utils?: { makeCoreTool?: AnyFunction },
  hrefs?: RecorderHrefs,
): { createTool?: AnyFunction } {
  const session = currentSession();
  const createReal = real.createTool;
  // `@mastra/core` itself exported `createTool` before 1.0; where it no longer does, there is nothing to wrap.
  if (typeof createReal !== 'function') return { createTool: createReal };
  const createTool = function createTool(this: unknown, ...args: any[]) {
    const callSite = captureCallSite(createTool);
    const options = args[0] as Options;
    const recording: Recording = {
      sdk: 'mastra',
      name: options?.id === undefined ? undefined : String(options.id),
      input: options?.inputSchema,
      description: descriptionOf(options?.description),
      callSite,
      libraryModule: hrefs?.real,
    };
    // Recorded before the real call: a schema Mastra refuses is still one the user should see.
    session.record(recording);
    const made = createReal.apply(this, args);
    recording.handle = made;
    const makeCoreTool = utils?.makeCoreTool;
    if (typeof makeCoreTool === 'function' && options?.inputSchema !== undefined) {
      recording.ship = async (swap?: unknown) => {
        const tool = swap === undefined ? made : createReal.call(this, { ...options, inputSchema: swap });
        const core = makeCoreTool(tool, { name: recording.name ?? 'tool' });
        const inputSchema = await core?.parameters?.jsonSchema;
        return { definition: { id: core?.id, description: core?.description, parameters: inputSchema }, inputSchema };
      };
    }
    return made;
  };
  return { createTool };
}

export const mastra = defineLibrary({
  id: 'mastra',
  sdk: 'mastra',
  names: { package: '@mastra/core' },
  // Mastra rewrites a schema per provider before the request (its Anthropic layer flattens a root union: seen on
  // @mastra/core 1.71), so only OpenAI, whose layer keeps a root union, is judged on the raw schema.
  defaultTargets: ['openai'],
  specifiers: ['@mastra/core', '@mastra/core/tools'],
  mentions: ['@mastra/core'],
  exports: { createTool: { kind: 'tool', call: 'call', form: { form: 'config', arg: 0, schemaKeys: ['inputSchema'], nameKey: 'id' } } },
  shim: { entries: ['@mastra/core/tools', '@mastra/core'], exports: ['createTool'], companions: ['@mastra/core/utils'] },
  recorder: mastraRecorder,
});
