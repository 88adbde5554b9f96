/**
 * The findings about what ships, from the library's own answer (or the engine's emulation of it):
 * `schema-dropped` (the library sent an empty object for an input that has parameters), `list-fails` (the
 * library's conversion of this tool throws, so the server's whole `tools/list` fails), `union-shipped`
 * (a union ships as written; what flattening would ship and lose travels along as related findings) and
 * `validation-rejects` (a key the library shipped whose zod rejects every value a model can send).
 */
import { finding, messages } from '../../../../../shared/index';
import { RULES } from '../../../../../shared/findings';
import { findJsonRejected, findLooserThanAdvertised, findUnrepresentable } from '../../../../../shared/probe/unrepresentable';
import type { Finding } from '../../../../../shared/types';
import { objectShape, readNode } from '../../../../../shared/zod/read';
import { nodesAt, shipsPath } from './shipsPath';
import { isEmptyInput, unionsIn } from './unionsIn';
import { untypedProperties } from './untypedProperties';
import { siteOfPointer } from '../../../../../shared/clients/trail';

export interface ShippedFacts {
  tool: string;
  /** `@modelcontextprotocol/sdk 1.32.2`: how messages name the library. */
  libraryLabel: string;
  /** The input the engine analysed (the original of a flattened schema). */
  input: unknown;
  /** The input JSON Schema as shipped (the library's, else the emulation). */
  inputSchema: unknown;
  /** `inputSchema` is what the library sends: its own answer, or its known empty object for a non-object root. */
  fromLibrary: boolean;
  /** The tool ships its unions flattened: union-shipped does not apply. */
  flattened: boolean;
  /** The flatten losses of the preview (tools shipped as written). */
  losses: Finding[];
  /**
   * The flattened preview's JSON Schema (what flattening would ship), or undefined when flattening changes nothing:
   * a union it still carries is one flattening cannot make one object.
   */
  preview: unknown;
  /** The discriminators of the preview's flattened unions, by the dotted path of the union. */
  discriminators: ReadonlyMap<string, string>;
  /** The version of the zod the tool's schema was built with (`3.25.76`, `4.1.12`). */
  zodVersion?: string;
  /** How the preview advertises each key it widened other than to unknown, by the key's dotted path. */
  widenedAs?: ReadonlyMap<string, string>;
  /** The library's `tools/list` failed, and whether this tool fails alone. */
  listFailure?: { error: string; failsAlone: boolean; toolCount: number };
}

/** The engine's findings adjusted to what the library really did, plus the findings about what ships. */
export function shippedFindings(engine: readonly Finding[], facts: ShippedFacts): Finding[] {
  let findings = [...engine];
  const { tool } = facts;
  if (facts.listFailure?.failsAlone) {
    const sites = findUnrepresentable(facts.input, [], new Map());
    const first = sites[0];
    const message = messages.listFails(tool, facts.libraryLabel, first?.path, first?.what, facts.listFailure.error, facts.listFailure.toolCount);
    findings = findings.filter((f) => !(f.code === 'not-mountable' && sites.some((s) => samePath(s.path, f.path))));
    findings.push(
      finding('list-fails', message, {
        tool,
        path: first?.path ?? [],
        sites: first ? sites.map((s) => ({ trail: s.trail, anchor: 'node' as const })) : [{ trail: [], anchor: 'tool' }],
      }),
    );
    return findings;
  }
  // The library listed it: the engine's "not an object, so MCP cannot mount it" guess is moot, and so is "JSON
  // Schema cannot express it" at every key the library shipped after all (a zod 3 z.date(): a date-time string).
  if (facts.fromLibrary) {
    findings = findings.filter(
      (f) =>
        !(f.code === 'not-mountable' && f.path.length === 0 && f.sites.every((s) => s.trail.length === 0 && s.anchor === 'node')) &&
        !(f.code === 'not-mountable' && f.rule === RULES.unrepresentable && shipsPath(facts.inputSchema, f.path)),
    );
    // Mastra marks a non-coercing date `x-date: true` and turns the string back into a Date before validating.
    findings = findings.filter((f) => !(f.code === 'validation-rejects' && revivesDate(facts.inputSchema, f.path)));
    findings.push(...rejectedWhereShipped(findings, facts));
  }
  findings.push(...untypedFindings(findings, facts), ...looserFindings(facts));
  if (facts.fromLibrary && isEmptyInput(facts.inputSchema) && hasParameters(facts.input)) {
    findings.push(
      finding('schema-dropped', messages.schemaDropped(tool, facts.libraryLabel, describeInput(facts.input)), { tool, sites: [{ trail: [], anchor: 'node' }] }),
    );
    return findings;
  }
  if (!facts.flattened) {
    // A plain z.union stays a union when flattened (ADR-0033 walks its members; only discriminated unions become
    // objects): one object only where the preview ships no union there and the flatten kept none there.
    // A preview whose conversion failed (`{}`) says nothing either way: no claim that flattening makes one object.
    const previewKnown = isNonEmptyObject(facts.preview);
    const stillUnions = new Set(previewKnown ? unionsIn(facts.preview).map((u) => u.path.join('\u0000')) : []);
    for (const union of unionsIn(facts.inputSchema)) {
      const related = facts.losses.filter((f) => startsWith(f.path, union.path));
      const discriminator = facts.discriminators.get(union.path.join('.'));
      const kept = related.some((f) => f.code === 'union-kept' && samePath(f.path, union.path));
      const intoObject = previewKnown && !kept && !stillUnions.has(union.path.join('\u0000'));
      const losses = related.map((f) => ({ code: f.code, path: f.path, variants: f.variants, as: facts.widenedAs?.get(f.path.join('.')) }));
      // A discriminated union written as anyOf: by zod 3's converter, or by zod 4 before 4.1.13 (oneOf since).
      const anyOfBy = union.keyword === 'anyOf' && discriminator ? anyOfWriter(facts.zodVersion) : undefined;
      const message = messages.unionShipped(tool, union.path, union.keyword, { intoObject, discriminator, losses, ...(anyOfBy ? { anyOfBy } : {}) });
      findings.push(
        finding('union-shipped', message, {
          tool,
          path: union.path,
          severity: union.path.length === 0 ? 'warning' : 'information',
          sites: [{ trail: union.trail, anchor: 'node' }],
          ...(related.length > 0 ? { related } : {}),
        }),
      );
    }
  }
  return findings;
}

/**
 * A key the library shipped whose value no JSON carries (a non-coercing z.date()): zod rejects what the model sends.
 * The engine already said so where its emulation ships the key (zod 3); this adds what only the library's answer shows.
 */
function rejectedWhereShipped(findings: readonly Finding[], facts: ShippedFacts): Finding[] {
  const out: Finding[] = [];
  for (const site of findJsonRejected(facts.input, [], new Map())) {
    if (!shipsPath(facts.inputSchema, site.path) || revivesDate(facts.inputSchema, site.path)) continue;
    if ([...findings, ...out].some((f) => (f.code === 'validation-rejects' || f.code === 'not-mountable') && samePath(f.path, site.path))) continue;
    out.push(
      finding('validation-rejects', messages.jsonRejected(facts.tool, site.path, site), {
        tool: facts.tool,
        path: site.path,
        sites: [{ trail: site.trail, anchor: 'node' }],
      }),
    );
  }
  return out;
}

/** Each property shipped without a type: what a model may send there, and how to type it (issue 24: a live agent sent "1" for an integer). */
function untypedFindings(findings: readonly Finding[], facts: ShippedFacts): Finding[] {
  // A key the flatten widened is already reported at each declaration (collision-widened); a finding here is for
  // what the source itself leaves untyped, and what a library ships as `{}`.
  const widened = (path: readonly string[]) => findings.some((f) => f.code === 'collision-widened' && samePath(f.path, path));
  return untypedProperties(facts.inputSchema)
    .filter((u) => !widened(u.path) && !findings.some((f) => (f.code === 'validation-rejects' || f.code === 'not-mountable') && samePath(f.path, u.path)))
    .map((u) => {
      const site = siteOfPointer(facts.input, u.pointer);
      const last = site.trail[site.trail.length - 1];
      return finding('untyped-property', messages.untypedProperty(facts.tool, u.path, u.described), {
        tool: facts.tool,
        path: u.path,
        // On the key when the walk reached it, else on the nearest node it did.
        sites: [{ ...site, anchor: last?.kind === 'key' && last.key === u.path[u.path.length - 1] ? 'key' : 'node' }],
      });
    });
}

/** Each coercing primitive or `.catch()` the library ships as its plain type: validation accepts more than advertised. */
function looserFindings(facts: ShippedFacts): Finding[] {
  return findLooserThanAdvertised(facts.input, [], new Map())
    .filter((site) => shipsPath(facts.inputSchema, site.path))
    .map((site) =>
      finding('validation-accepts-more', messages.acceptsMore(facts.tool, site.path, site), {
        tool: facts.tool,
        path: site.path,
        sites: [{ trail: site.trail, anchor: 'node', call: [site.call] }],
      }),
    );
}

/** The library says it revives the date-time string it shipped at `path` into a Date before validation (`x-date: true`). */
function revivesDate(inputSchema: unknown, path: readonly string[]): boolean {
  const nodes = nodesAt(inputSchema, path);
  return nodes.length > 0 && nodes.every((n) => n['x-date'] === true);
}

function isNonEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0;
}

function hasParameters(input: unknown): boolean {
  const node = readNode(input);
  if (!node) return false;
  if (node.kind !== 'object') return true;
  return Object.keys(objectShape(node)).length > 0;
}

function describeInput(input: unknown): string {
  const kind = readNode(input)?.kind;
  if (kind === 'discriminated-union') return 'a discriminated union';
  if (kind === 'union') return 'a union';
  if (kind === 'intersection') return 'an intersection';
  return kind ? `a ${kind}` : 'not an object';
}

function samePath(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}

function startsWith(path: readonly string[], prefix: readonly string[]): boolean {
  return prefix.every((s, i) => path[i] === s);
}

/** Who wrote a discriminated union as anyOf, by the zod version (zod 3's converter, or zod 4 before 4.1.13), in words. */
export function anyOfWriter(zodVersion: string | undefined): string | undefined {
  const [major, minor, patch] = (zodVersion ?? '').split('.').map(Number);
  if (major === 3) return "zod-to-json-schema writes zod 3's discriminated unions so";
  if (major === 4 && (minor < 1 || (minor === 1 && patch < 13))) return `zod ${zodVersion} writes discriminated unions so`;
  return undefined;
}
