/**
 * Hover: what the model sees at the spot under the cursor. On a key inside a schema: the key's advertised
 * subschema, which variants declare it and how they were merged. On a tool's registration, name or schema: the
 * whole advertised input schema and the rest of the definition as sent; the same where the tool was written when a helper in another file registers it
 * (a key there answers with its own subschema). Either way the findings at that spot. Answered from the
 * last results only, so it never waits for an analysis.
 */
import { MarkupKind, type Hover } from 'vscode-languageserver';
import {
  contains,
  type Diagnostic,
  foundWithNote,
  formatPath,
  type KeyReport,
  type Position,
  type ProblemCounts,
  type Range,
  strictView,
  type SourceDefinition,
  type ToolReport,
} from '../pipeline';
import { inlineJson, schemaJson } from './schemaText';
import { dialectOf, libraryLabelOf, NO_PROBLEMS, problemsText, sumProblems, tokensText } from './toolFacts';
import { errorsFirst } from './diagnostics';
import { SHOW_ADVERTISED_SCHEMA_COMMAND } from '../../protocol';
import { FLATTENED_HEADING, shippedHeader } from './shippedHeader';
import { definitionLines } from './definitionText';
import { verifiedRowText } from './verified';
import type { VerifiedRow } from '../verify';

function size(r: Range): number {
  return (r.end.line - r.start.line) * 100_000 + (r.end.character - r.start.character);
}

interface KeyHit {
  tool: ToolReport;
  key: KeyReport;
  range: Range;
}

/** What the hover needs beside the tools and findings. */
export interface HoverContext {
  /** Each tool's problems, for the list of tools a loop registers. */
  problems?: ReadonlyMap<string, ProblemCounts>;
  /** A file's URI, for links to where each tool is written. */
  uriOf?: (file: string) => string;
  /** The client runs `command:` links (VS Code's, whose extension trusts the server's hovers): add Show schema. */
  commandLinks?: boolean;
  /** What the providers answered `verify` for a tool (while it is as it was sent), shown on its whole-schema hover. */
  verified?: (tool: ToolReport) => readonly VerifiedRow[];
}

/** The hover at a position in a file, or null when nothing of ours is there. */
export function hoverAt(
  tools: readonly ToolReport[],
  diagnosticsHere: readonly Diagnostic[],
  file: string,
  position: Position,
  context: HoverContext = {},
): Hover | null {
  const findings = onceEach(diagnosticsHere.filter((d) => contains(d.range, position)));
  const keyHits: KeyHit[] = [];
  for (const tool of tools) {
    for (const key of tool.keys) {
      for (const loc of key.declarations) {
        if (loc && loc.file === file && contains(loc.range, position)) keyHits.push({ tool, key, range: loc.range });
      }
    }
  }
  const sections: string[] = [];
  let range: Range | undefined;
  const definitionKeyHits = keyHits.length ? [] : definitionKeysAt(tools, file, position);
  if (definitionKeyHits.length) {
    range = definitionKeyHits[0].key.range;
    for (const hit of definitionKeyHits.slice(0, 3)) sections.push(definitionKeySection(hit));
  } else if (keyHits.length) {
    keyHits.sort((a, b) => size(a.range) - size(b.range));
    range = keyHits[0].range;
    const seen = new Set<string>();
    for (const hit of keyHits) {
      const id = `${hit.tool.name}|${hit.key.path.join('.')}|${hit.key.discriminator}`;
      if (seen.has(id) || seen.size >= 3) continue;
      seen.add(id);
      sections.push(keySection(hit.tool, hit.key));
    }
  } else {
    const toolHits = tools
      .map((t) => ({ tool: t, range: toolRangesIn(t, file).find((r) => contains(r, position)) }))
      .filter((h): h is { tool: ToolReport; range: Range } => h.range !== undefined)
      .sort((a, b) => size(a.range) - size(b.range));
    if (toolHits.length) {
      range = toolHits[0].range;
      // One registration made for many tools (a loop, a registry): the list of them, never one arbitrary schema.
      const here = toolHits.filter((h) => sameRange(h.range, toolHits[0].range)).map((h) => h.tool);
      sections.push(here.length > 1 ? registeredHereSection(here, context) : toolSection(here[0], context));
    }
  }
  if (findings.length) {
    sections.push(findingsSection(findings));
    range ??= findings[0].range;
  }
  if (!sections.length) return null;
  return { contents: { kind: MarkupKind.Markdown, value: sections.join('\n\n---\n\n') }, range };
}

/** A spot's findings, errors first, each once (the same sentence placed twice at one spot reads as two problems). */
function onceEach(findings: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return [...findings].sort(errorsFirst).filter((d) => {
    const key = `${d.code}\0${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

/** Tools listed at most in the hover of one registration made for many. */
const MAX_LISTED = 60;

/** `22 tools registered here`, then each tool with a link to where it is written, its tokens and problems. */
function registeredHereSection(tools: readonly ToolReport[], context: HoverContext): string {
  const counts = sumProblems(tools.map((t) => context.problems?.get(t.id) ?? NO_PROBLEMS));
  const sorted = [...tools].sort((a, b) => a.name.localeCompare(b.name));
  const rows = sorted.slice(0, MAX_LISTED).map((t) => {
    const at = t.definedAt ? { file: t.definedAt.file, line: t.definedAt.range.start.line } : { file: t.location.file, line: t.location.range.start.line };
    const name = context.uriOf ? `[\`${t.name}\`](${context.uriOf(at.file)}#L${at.line + 1})` : `\`${t.name}\``;
    return `- ${name} · ${tokensText(t)} · ${problemsText(context.problems?.get(t.id) ?? NO_PROBLEMS)}`;
  });
  if (sorted.length > MAX_LISTED) rows.push(`- … and ${sorted.length - MAX_LISTED} more (the Tool Schemas view lists all)`);
  return [`**${tools.length} tools registered here** · ${problemsText(counts)}`, rows.join('\n')].join('\n\n');
}

/** The spots of a file that answer with a tool's whole schema: at its registration, and where the tool was written. */
function toolRangesIn(tool: ToolReport, file: string): Range[] {
  const ranges: Range[] = [];
  if (tool.location.file === file) ranges.push(...[tool.nameRange, tool.schemaRange, registrationHead(tool)].filter((r): r is Range => r !== undefined));
  if (tool.definedAt?.file === file) ranges.push(...tool.definedAt.nameRanges, ...tool.definedAt.schemaRanges);
  return ranges;
}

interface DefinitionKeyHit {
  tool: ToolReport;
  key: SourceDefinition['keys'][number];
}

/**
 * A key of a tool's schema under the cursor, where the tool was written: one hit per tool (a shared shape spread
 * into many tools answers for the first few). Union keys a flatten merged have their own, richer answer (keySection).
 */
function definitionKeysAt(tools: readonly ToolReport[], file: string, position: Position): DefinitionKeyHit[] {
  const hits: DefinitionKeyHit[] = [];
  for (const tool of tools) {
    const key = tool.definedAt?.keys.find((k) => k.file === file && contains(k.range, position));
    if (key) hits.push({ tool, key });
  }
  return hits;
}

function definitionKeySection({ tool, key }: DefinitionKeyHit): string {
  const name = formatPath(key.path);
  const lines = [`**\`${name}\`** in tool \`${tool.name}\` (${key.required ? 'required' : 'optional'})`, `_${shippedHeader(tool)}_`];
  const { text, truncated } = schemaJson(key.advertised, 30);
  lines.push(`What the model sees for \`${key.path[key.path.length - 1]}\`:\n\n\`\`\`json\n${text}\n\`\`\``);
  // A tool that ships its union as written: the same key as a server that flattens it would ship it.
  const flat = tool.flattened ? subschemaAt(tool.flattened.advertised, key.path) : undefined;
  if (flat !== undefined && JSON.stringify(flat) !== JSON.stringify(key.advertised))
    lines.push(`Flattened, as a server that flattens this tool ships it:\n\n\`\`\`json\n${schemaJson(flat, 20).text}\n\`\`\``);
  if (truncated) lines.push('_Deeper levels collapsed._');
  return lines.join('\n\n');
}

/** The subschema at a key path (`*` an array's items) in an object schema, if it has one there. */
function subschemaAt(schema: unknown, path: readonly string[]): unknown {
  let at: unknown = schema;
  for (const step of path) {
    const node = at && typeof at === 'object' ? (at as { properties?: Record<string, unknown>; items?: unknown }) : undefined;
    at = step === '*' ? node?.items : node?.properties?.[step];
    if (at === undefined) return undefined;
  }
  return at;
}

/**
 * The part of a registration that answers with the whole schema: its first line (`server.registerTool(`), not the
 * handler body, where TypeScript's own hover is what the user wants.
 */
function registrationHead(tool: ToolReport): Range {
  const { start, end } = tool.location.range;
  return { start, end: start.line === end.line ? end : { line: start.line, character: Number.MAX_SAFE_INTEGER } };
}

const OUTCOME: Record<KeyReport['outcome'], string> = {
  kept: 'kept as declared',
  'enum-widened': 'enum widened',
  'widened-unknown': 'widened to `unknown`',
  'widened-base-type': 'widened to its bare JSON type',
  'widened-typed': 'widened to the JSON types its variants declare',
};

function keySection(tool: ToolReport, key: KeyReport): string {
  const lines: string[] = [];
  lines.push(`**\`${formatPath(key.path)}\`** in tool \`${tool.name}\`: ${OUTCOME[key.outcome]}`);
  const variants = key.variants.map((v) => `\`${v}\``).join(', ');
  lines.push(
    `Declared by ${key.variants.length === 1 ? 'variant' : 'variants'} ${variants} of the union on \`${key.discriminator}\`.${key.reason ? ` ${capitalise(key.reason)}` : ''}`,
  );
  if (key.outcome !== 'kept' && key.shapes.length > 1) {
    lines.push(key.variants.map((v, i) => `- \`${v}\`: \`${inlineJson(key.shapes[i])}\``).join('\n'));
  }
  const { text, truncated } = schemaJson(key.advertised, 30);
  lines.push(`What the model sees for \`${key.key}\`:\n\n\`\`\`json\n${text}\n\`\`\``);
  if (truncated) lines.push('_Deeper levels collapsed._');
  return lines.join('\n\n');
}

/** Lines of a tool's schema shown before the rest folds (Show schema opens all of it). */
const TOOL_SCHEMA_LINES = 30;

/** The schema as shipped first, then one line of client verdicts, then what it costs and what made it, then the rest. */
function toolSection(tool: ToolReport, context: HoverContext = {}): string {
  const lines: string[] = [];
  const kind = tool.kind === 'registration' ? 'Tool' : 'Schema';
  lines.push(`**${kind} \`${tool.name}\`**: the advertised input schema${tool.mountable ? '' : ' (not mountable: the host refuses this tool)'}`);
  const { text, truncated } = schemaJson(tool.advertised, TOOL_SCHEMA_LINES);
  lines.push(`\`\`\`json\n${text}\n\`\`\``);
  const show = context.commandLinks && context.uriOf ? showSchemaLink(tool, context.uriOf) : undefined;
  if (truncated)
    lines.push(
      `_Deeper levels collapsed; ${show ?? 'run “Tool Schema Lens: Show Advertised Schema” or `tool-schema-lens check --format json`'} for all of it._`,
    );
  else if (show) lines.push(show);
  if (tool.verdicts?.length) lines.push(verdictLine(tool.verdicts));
  const verified = context.verified?.(tool) ?? [];
  if (verified.length) lines.push(verified.map(verifiedRowText).join('  \n'));
  lines.push(`${toolHeader(tool)}  \n_${shippedHeader(tool)}_`);
  const foundWith = foundWithNote(tool);
  if (foundWith) lines.push(`_${foundWith}_`);
  lines.push(...definitionLines(tool));
  // Judged against a strict target: what its model is asked to fill (every key required, optional ones nullable).
  if (tool.verdicts?.some((v) => v.target === 'openai-strict')) {
    const strict = schemaJson(strictView(tool.advertised), 30);
    lines.push(
      `**Strict view (OpenAI strict)**: every key required, an optional one nullable, what the model is asked to fill\n\n\`\`\`json\n${strict.text}\n\`\`\``,
    );
  }
  if (tool.flattened) {
    const flat = schemaJson(tool.flattened.advertised);
    lines.push(`**${FLATTENED_HEADING}**`, `\`\`\`json\n${flat.text}\n\`\`\``);
    if (tool.flattened.losses.length) lines.push(tool.flattened.losses.map((f) => `- \`${f.code}\`: ${f.message}`).join('\n'));
  }
  return lines.join('\n\n');
}

/** `[Show schema](command:…)`: the whole schema as a document, through the client's command. */
function showSchemaLink(tool: ToolReport, uriOf: (file: string) => string): string {
  const at = tool.definedAt ? { file: tool.definedAt.file, range: tool.definedAt.range } : tool.location;
  const args = encodeURIComponent(JSON.stringify([{ uri: uriOf(at.file), position: at.range.start }]));
  return `[Show schema](command:${SHOW_ADVERTISED_SCHEMA_COMMAND}?${args})`;
}

/** `✓ 7 clients · ✗ Codex: format`: one line, the targets that take it counted, the others named with what they refuse. */
export function verdictLine(verdicts: NonNullable<ToolReport['verdicts']>): string {
  const ok = verdicts.filter((v) => v.broken.length === 0);
  const parts = ok.length ? [`✓ ${ok.length} ${ok.length === 1 ? 'client' : 'clients'}`] : [];
  for (const v of verdicts) if (v.broken.length) parts.push(`✗ ${v.label}: ${v.broken.map(ruleWord).join(', ')}`);
  return parts.join(' · ');
}

/** `codex/format` → `format`: the target is already named. */
function ruleWord(rule: string): string {
  return rule.includes('/') ? rule.slice(rule.lastIndexOf('/') + 1) : rule;
}

/** `412 tokens (o200k_base) · @modelcontextprotocol/sdk · draft-07`: what the JSON below costs and what made it. */
function toolHeader(tool: ToolReport): string {
  const parts = [`${tokensText(tool)} (o200k_base${tool.tokens.output !== undefined ? `; output schema ${tool.tokens.output.toLocaleString('en-US')}` : ''})`];
  const library = libraryLabelOf(tool);
  if (library) parts.push(library);
  const dialect = dialectOf(tool.advertised);
  if (dialect) parts.push(`JSON Schema ${dialect}`);
  return parts.join(' · ');
}

function findingsSection(findings: Diagnostic[]): string {
  return findings.map((d) => `- **${d.severity}** \`${d.code}\`: ${d.message}`).join('\n');
}

function capitalise(s: string): string {
  const t = s.trim();
  const sentence = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}
