/**
 * `--format sarif`: SARIF 2.1.0 for code-scanning uploads. One rule per finding code (from CODES),
 * one result per diagnostic, artifact URIs relative to the working directory (%SRCROOT%).
 */
import { pathToFileURL } from 'node:url';
import { CODES, dottedPath, FINDING_CODES, type Location, type Severity } from '../pipeline';
import { toolIdOf } from './formatJson';
import { displayPath, type CheckReport } from './report';
import { findingDocsHref } from '../ruleDocs';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', information: 'note' };

/**
 * A relative path as a URI reference: each segment percent-encoded once (`encodeURI` keeps `#` and `?`, which would
 * start a fragment or a query). `..` segments stay as they are.
 */
export function relativeUri(displayed: string): string {
  return displayed
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

export function formatSarif(report: CheckReport, toolVersion: string): string {
  // The tool a result concerns, by the same id as the JSON's (two servers may share a tool's name).
  const ids = new Map(report.tools.map((t) => [t.id, toolIdOf(report.cwd, t)]));
  const physical = (loc: Location) => ({
    artifactLocation: { uri: relativeUri(displayPath(report.cwd, loc.file)), uriBaseId: '%SRCROOT%' },
    region: {
      startLine: loc.range.start.line + 1,
      startColumn: loc.range.start.character + 1,
      endLine: loc.range.end.line + 1,
      endColumn: loc.range.end.character + 1,
    },
  });
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'tool-schema-lens',
            version: toolVersion,
            informationUri: 'https://www.npmjs.com/package/tool-schema-lens',
            rules: FINDING_CODES.map((code) => ({
              id: code,
              name: code,
              shortDescription: { text: CODES[code].summary },
              helpUri: findingDocsHref(code),
              defaultConfiguration: { level: LEVEL[CODES[code].defaultSeverity] },
            })),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(report.cwd + '/').href } },
        // Our columns count UTF-16 code units, as LSP and TypeScript do.
        columnKind: 'utf16CodeUnits',
        results: report.diagnostics.map((d) => ({
          ruleId: d.code,
          ruleIndex: FINDING_CODES.indexOf(d.code),
          level: LEVEL[d.severity],
          message: { text: d.message },
          locations: [{ physicalLocation: physical({ file: d.file, range: d.range }) }],
          ...(d.related.length > 0
            ? { relatedLocations: d.related.map((r, i) => ({ id: i + 1, physicalLocation: physical(r.location), message: { text: r.message } })) }
            : {}),
          properties: {
            tool: d.tool ?? null,
            ...(d.toolId && ids.has(d.toolId) ? { toolId: ids.get(d.toolId) } : {}),
            path: dottedPath(d.path),
            ...(d.targets ? { targets: d.targets, rule: d.rule ?? null } : {}),
          },
        })),
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}
