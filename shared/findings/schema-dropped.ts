/** `schema-dropped`: The library replaced the input with an empty object (a root union on MCP SDK 1.23+): the model is told the tool takes no arguments; or it sent no output schema for the one declared (a warning). */
import { defineFinding, type FindingDocs } from './define';
import { lead, type Who } from './wording';

export const schemaDropped = defineFinding({
  code: 'schema-dropped',
  defaultSeverity: 'error',
  summary:
    'The library replaced the input with an empty object (a root union on MCP SDK 1.23+): the model is told the tool takes no arguments; or it sent no output schema for the one declared (a warning).',
  messages: {
    schemaDropped(tool: Who, library: string, what: string): string {
      // A union is dropped for being one (SDK 1.23+); anything else for having no JSON Schema (Mastra's z.custom()).
      const fix = /union|intersection/.test(what)
        ? 'put the union under a key of a z.object({ ... }), or flatten it'
        : 'declare the input as a z.object({ ... }) of JSON types';
      return lead(tool, `${library} ships the input (${what}) as an empty object, so the model is told the tool takes no arguments; ${fix}.`);
    },
    outputDropped(tool: Who, library: string, what: string): string {
      return lead(
        tool,
        `${library} sends no output schema for it (${what}, not an object), so clients never see the shape of its results and its structuredContent is not checked; wrap the output in z.object({ ... }).`,
      );
    },
  },
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  severityNote: '(an output schema: warning)',
  example:
    '“Tool act: @modelcontextprotocol/sdk 1.32.2 ships the input (a discriminated union) as an empty object, so the model is told the tool takes no arguments; put the union under a key of a z.object({ ... }), or flatten it.” · “Tool listing: @modelcontextprotocol/sdk 1.32.2 sends no output schema for it (an array, not an object), so clients never see the shape of its results and its structuredContent is not checked; wrap the output in z.object({ ... }).”',
  when: 'the library replaced the input with an empty object (a root union on MCP SDK 1.23+): the model is told the tool takes no arguments; or it sent no output schema for the one the tool declares (SDK 1.x, for an output that is not a zod object)',
  where: "the tool's registration, or the union",
};
