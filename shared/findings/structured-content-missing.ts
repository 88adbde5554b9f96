/** `structured-content-missing`: A tool declares an output schema, but its handler returns an object without `structuredContent`: the client's callTool fails with MCP error -32600. */
import { defineFinding, type FindingDocs } from './define';

export const structuredContentMissing = defineFinding({
  code: 'structured-content-missing',
  defaultSeverity: 'error',
  summary:
    "A tool declares an output schema, but its handler returns an object without `structuredContent`: the client's callTool fails with MCP error -32600.",
  messages: {},
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  example:
    '“Tool lookup: it declares an output schema, but this return has no structuredContent, so a client\'s callTool fails with MCP error -32600 ("Tool lookup has an output schema but did not return structured content"); return structuredContent matching the output schema (and the same data as text in content), or drop the outputSchema.” At each return of an inline handler that the source shows as an object without `structuredContent`; an error result (`isError: true`), a spread or a helper\'s return is trusted.',
  when: "a tool registers an `outputSchema`, and its inline handler returns an object literal without `structuredContent` (not an error result, no spread): the SDK's client rejects that call result with -32600",
  where: 'the returned object literal',
};
