/** `mcp-header-invalid`: A parameter marked `x-mcp-header` that protocol 2026-07-28 (SEP-2243) forbids: not a valid header name, not reachable through plain `properties`, not a string, integer or boolean, or a duplicate; clients on Streamable HTTP leave the tool out of tools/list. */
import { defineFinding, type FindingDocs } from './define';
import { lead, at, type Who } from './wording';

export const mcpHeaderInvalid = defineFinding({
  code: 'mcp-header-invalid',
  defaultSeverity: 'error',
  summary:
    'A parameter marked `x-mcp-header` that protocol 2026-07-28 (SEP-2243) forbids: not a valid header name, not reachable through plain `properties`, not a string, integer or boolean, or a duplicate; clients on Streamable HTTP leave the tool out of tools/list.',
  messages: {
    mcpHeaderInvalid(tool: Who, path: string[], header: string, problem: 'notToken' | 'unreachable' | 'type' | 'duplicate'): string {
      const why = {
        notToken: `"${header}" is no valid HTTP header name`,
        unreachable: 'no header reaches where it sits',
        type: 'no header carries its type',
        duplicate: `its header "${header}" is taken by another parameter`,
      }[problem];
      const detail = {
        notToken: "Header names take letters, digits and !#$%&'*+-.^_`|~ only.",
        unreachable:
          'Only plain `properties` from the root are sent as headers; it sits under an array, a union, a condition or a $ref. Or drop its x-mcp-header.',
        type: 'Only string, integer and boolean parameters may be sent as headers. Or drop its x-mcp-header.',
        duplicate: 'Header names ignore case.',
      }[problem];
      const fix = {
        notToken: 'use one such as "X-Region"',
        unreachable: 'move it to a top-level key',
        type: 'make it a string, integer or boolean',
        duplicate: 'give each its own header',
      }[problem];
      return lead(
        tool,
        `${at(path)}: ${why}, so clients leave the tool out; ${fix}. ${detail} Clients on Streamable HTTP under protocol 2026-07-28 leave it out of tools/list.`,
      );
    },
  },
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  example:
    '“Tool route: `tenant`: "Tenant Id" is no valid HTTP header name, so clients leave the tool out; use one such as "X-Region". Header names take letters, digits and !#$%&\'*+-.^_\\`\\|~ only. Clients on Streamable HTTP under protocol 2026-07-28 leave it out of tools/list.” Also a header parameter under an array, a union or a `$ref`, one of type number or object, and a header name used twice ([SEP-2243](https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#custom-headers-from-tool-parameters)).',
  when: 'a parameter carries `x-mcp-header` (protocol 2026-07-28, SEP-2243) that a client on Streamable HTTP must refuse, leaving the tool out of `tools/list`: a header name that is not an RFC 9110 token, a parameter not reachable through plain `properties` (under `items`, a union, a condition or `$ref`), a type other than string, integer or boolean, or a name used twice (case ignored); read off the definition the library sent',
  where: 'the node carrying it (the tool for the root)',
};
