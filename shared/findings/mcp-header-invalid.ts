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
        notToken: `"${header}" is not a valid HTTP header name (letters, digits and !#$%&'*+-.^_\`|~ only)`,
        unreachable: 'it is not reachable through plain `properties` from the root (it sits under an array, a union, a condition or a $ref)',
        type: 'only string, integer and boolean parameters may be sent as headers',
        duplicate: `"${header}" is already used by another parameter (header names ignore case)`,
      }[problem];
      const fix = {
        notToken: 'use a header name such as "X-Region"',
        unreachable: 'move the parameter to a plain key of the input object, or drop its x-mcp-header',
        type: 'make the parameter a z.string(), z.number().int() or z.boolean(), or drop its x-mcp-header',
        duplicate: 'give each parameter its own header name',
      }[problem];
      return lead(
        tool,
        `${at(path)} carries x-mcp-header, but ${why}, so clients on Streamable HTTP under protocol 2026-07-28 leave the tool out of tools/list; ${fix}.`,
      );
    },
  },
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  example:
    '“Tool route: `tenant` carries x-mcp-header, but "Tenant Id" is not a valid HTTP header name (letters, digits and !#$%&\'*+-.^_\\`\\|~ only), so clients on Streamable HTTP under protocol 2026-07-28 leave the tool out of tools/list; use a header name such as "X-Region".” Also a header parameter under an array, a union or a `$ref`, one of type number or object, and a header name used twice ([SEP-2243](https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#custom-headers-from-tool-parameters)).',
  when: 'a parameter carries `x-mcp-header` (protocol 2026-07-28, SEP-2243) that a client on Streamable HTTP must refuse, leaving the tool out of `tools/list`: a header name that is not an RFC 9110 token, a parameter not reachable through plain `properties` (under `items`, a union, a condition or `$ref`), a type other than string, integer or boolean, or a name used twice (case ignored); read off the definition the library sent',
  where: 'the node carrying it (the tool for the root)',
};
