/**
 * LangChain (`@langchain/core/tools`): `tool(fn, { name, schema })` and `new DynamicStructuredTool({ name,
 * schema })`.
 */
import { captureCallSite } from '../evaluate/worker/recorders/callSite';
import { currentSession, descriptionOf } from '../evaluate/worker/recorders/session';
import { loadBeside } from '../evaluate/worker/shipped/loadBeside';
import { defineLibrary, type RecorderHrefs } from './library';
import type { SourcePoint } from '../evaluate/contract';

type AnyFunction = (...args: any[]) => any;
type AnyClass = new (...args: any[]) => any;
type Options = Record<string, any> | undefined;

/** What LangChain sends for a tool's schema: its own `toJsonSchema`, from the same install as the tools module. */
function shipWith(hrefs: RecorderHrefs | undefined, fields: Options) {
  const schema = fields?.schema;
  if (schema === undefined) return undefined;
  return async (swap?: unknown) => {
    const converter = await loadBeside(hrefs?.real, '@langchain/core/utils/json_schema');
    if (typeof converter?.toJsonSchema !== 'function') return undefined;
    const json = converter.toJsonSchema(swap ?? schema);
    return { definition: { name: fields?.name, description: fields?.description, schema: json }, inputSchema: json };
  };
}

/** Where the workspace's LangChain was found, for tools no recorded call made (a toolkit's `StructuredTool` subclass). */
let installed: RecorderHrefs | undefined;

/** Record a `StructuredTool` instance a toolkit handed out: no `tool()` call made it, so it is placed at `site`. */
export function recordStructuredTool(instance: Record<string, unknown>, site: SourcePoint): void {
  const fields = { name: instance.name, description: instance.description, schema: instance.schema };
  currentSession().record({
    sdk: 'langchain',
    name: String(instance.name),
    input: instance.schema,
    description: descriptionOf(instance.description),
    callSite: site,
    handle: instance,
    libraryModule: installed?.real,
    ship: shipWith(installed, fields),
  });
}

export function langchainRecorder(real: { tool: AnyFunction; DynamicStructuredTool: AnyClass }, _companion?: unknown, hrefs?: RecorderHrefs) {
  const session = currentSession();
  installed = hrefs;
  // One tool as `tool()` and `new DynamicStructuredTool()` both record it.
  const record = (fields: Options, callSite: ReturnType<typeof captureCallSite>) =>
    session.record({
      sdk: 'langchain',
      name: fields?.name ? String(fields.name) : undefined,
      input: fields?.schema,
      description: descriptionOf(fields?.description),
      callSite,
      libraryModule: hrefs?.real,
      ship: shipWith(hrefs, fields),
    });
  const tool = function tool(this: unknown, ...args: any[]) {
    const callSite = captureCallSite(tool);
    const fields = args[1] as Options;
    record(fields, callSite);
    return real.tool.apply(this, args);
  };
  class DynamicStructuredTool extends real.DynamicStructuredTool {
    constructor(...args: any[]) {
      const callSite = captureCallSite(DynamicStructuredTool);
      const fields = args[0] as Options;
      record(fields, callSite);
      super(...args);
    }
  }
  return { tool, DynamicStructuredTool };
}

export const langchain = defineLibrary({
  id: 'langchain',
  sdk: 'langchain',
  names: { package: '@langchain/core' },
  // Any provider, as the AI SDK (see ai.ts).
  defaultTargets: ['openai', 'anthropic'],
  specifiers: ['@langchain/core/tools*', 'langchain/tools', '@langchain/core'],
  mentions: ['langchain'],
  exports: {
    tool: { kind: 'tool', call: 'call', form: { form: 'config', arg: 1, schemaKeys: ['schema'] } },
    DynamicStructuredTool: { kind: 'tool', call: 'new', form: { form: 'config', arg: 0, schemaKeys: ['schema'] } },
  },
  shim: { entries: ['@langchain/core/tools'], exports: ['tool', 'DynamicStructuredTool'] },
  recorder: langchainRecorder,
});
