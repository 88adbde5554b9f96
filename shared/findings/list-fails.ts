/** `list-fails`: Converting this tool's input throws, so the server's whole `tools/list` fails and every tool of it is lost. */
import { defineFinding, type FindingDocs } from './define';
import { at, lead, key, type Who } from './wording';

export const listFails = defineFinding({
  code: 'list-fails',
  defaultSeverity: 'error',
  summary: "Converting this tool's input throws, so the server's whole `tools/list` fails and every tool of it is lost.",
  messages: {
    listFails(tool: Who, library: string, path: readonly string[] | undefined, what: string | undefined, error: string, lost: number): string {
      const node = path === undefined ? 'its input' : `${path.length === 0 ? 'the input' : key(path)}${what ? ` (${what})` : ''}`;
      const loss = lost > 1 ? `all ${lost} tools of the server are lost` : 'the tool is lost';
      return lead(
        tool,
        `the server's whole tools/list fails, so ${loss}; use a JSON type (e.g. a string) at ${path === undefined ? 'its input' : at(path)}. ${library} cannot convert ${node} to JSON Schema (${error}).`,
      );
    },
  },
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  example:
    "“Tool stamp: the server's whole tools/list fails, so all 2 tools of the server are lost; use a JSON type (e.g. a string) at `createdAt`. @modelcontextprotocol/sdk 1.32.2 cannot convert `createdAt` (a z.date()) to JSON Schema (MCP error -32603: Date cannot be represented in JSON Schema).”",
  when: "converting this tool throws in the library (e.g. `z.date()` with zod 4 on SDK 1.23+ or 2.x), so the server's whole `tools/list` fails and every tool of it is lost",
  where: 'the node that cannot be converted',
};
