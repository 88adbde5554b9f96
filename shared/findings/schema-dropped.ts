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
      const fix = /union|intersection/.test(what) ? 'put the union under a key of a z.object({ ... }), or flatten it' : 'declare it as a z.object({ ... })';
      return lead(tool, `the input ships as an empty object, so the model sees no arguments; ${fix}. ${library} replaces ${what} with {}.`);
    },
    outputDropped(tool: Who, library: string, what: string): string {
      return lead(
        tool,
        `no output schema is sent, so clients never see the shape of its results; wrap the output in z.object({ ... }). ${library} sends none for ${what}, not an object, and does not check its structuredContent.`,
      );
    },
  },
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  severityNote: '(an output schema: warning)',
  example:
    '“Tool act: the input ships as an empty object, so the model sees no arguments; put the union under a key of a z.object({ ... }), or flatten it. @modelcontextprotocol/sdk 1.32.2 replaces a discriminated union with {}.” · “Tool listing: no output schema is sent, so clients never see the shape of its results; wrap the output in z.object({ ... }). @modelcontextprotocol/sdk 1.32.2 sends none for an array, not an object, and does not check its structuredContent.”',
  when: 'the library replaced the input with an empty object (a root union on MCP SDK 1.23+): the model is told the tool takes no arguments; or it sent no output schema for the one the tool declares (SDK 1.x, for an output that is not a zod object)',
  where: "the tool's registration, or the union",
};
