/**
 * Building the schema a host actually ships for one tool (ADR-0033 §3, §4): params, input and extend flattened
 * separately, then merged into one object; then probing exactly that schema.
 */
import { finding, RULES, messages } from '../findings';
import { flattenWithTrail, subjectOf } from '../flatten/flattenUnionsDeep';
import type { AdvertiseOptions, Finding, KeyMerge, Step, ToolInput } from '../types';
import { rebuildObject } from '../zod/build';
import { rawShapeObject } from '../zod/build';
import { isZodSchema, isZodSchemaSafe, objectShape, readNode, type AnyZod } from '../zod/read';
import { findJsonRejected, findUnrepresentable } from './unrepresentable';

export interface Part {
  name: 'params' | 'input' | 'extend';
  trail: Step[];
  original: AnyZod;
  advertised: AnyZod;
  flattened: Map<AnyZod, Set<string>>;
}

export interface Assembled {
  /** The advertised zod schema (the merged object when there are several parts). */
  schema: unknown;
  /** When the parts cannot be one object: each part, for an allOf display. */
  unmerged?: unknown[];
  flattenFindings: Finding[];
  probeFindings: Finding[];
  merges: KeyMerge[];
}

/** Flatten, merge and probe one tool; never throws. */
export function assembleTool(tool: ToolInput, options: AdvertiseOptions): Assembled {
  const flatten = options.flattenUnionInput !== false;
  const name = tool.name || undefined;
  const flattenFindings: Finding[] = [];
  const probeFindings: Finding[] = [];
  const merges: KeyMerge[] = [];
  const parts: Part[] = [];
  const specs: Array<[Part['name'], unknown, Step[]]> = [
    ['params', tool.params, [{ kind: 'params' }]],
    ['input', tool.input, []],
    ['extend', tool.extend, [{ kind: 'extend' }]],
  ];
  for (const [partName, value, trail] of specs) {
    if ((value === undefined || value === null) && partName !== 'input') continue;
    const original = asSchema(value);
    if (!isZodSchemaSafe(original)) {
      probeFindings.push(
        finding('not-mountable', messages.notZod(name, partName === 'extend' ? 'extend object' : partName), { tool: name, sites: [{ trail, anchor: 'tool' }] }),
      );
      continue;
    }
    const flat = flatten
      ? flattenWithTrail(original, trail, name, subjectOf(name, tool.subject), options.collisionWidening)
      : { schema: original, findings: [], merges: [], flattened: new Map() };
    flattenFindings.push(...flat.findings);
    merges.push(...flat.merges);
    parts.push({ name: partName, trail, original, advertised: flat.schema, flattened: flat.flattened });
  }
  // A part that is not zod cannot be merged, but the others are still probed: all failures in one pass.
  const merged = probeFindings.length > 0 ? { schema: parts.find((p) => p.name === 'input')?.advertised } : mergeParts(parts, name, probeFindings);
  for (const part of parts) {
    const refused = new Set<string>();
    for (const site of findUnrepresentable(part.original, part.trail, part.flattened)) {
      refused.add(site.path.join('\u0000'));
      addSite(probeFindings, 'not-mountable', messages.unrepresentable(name, site.path, site.what), name, site);
    }
    // What mounts (zod 3's converter ships a z.date() as a date-time string) may still reject every value sent.
    for (const site of findJsonRejected(part.original, part.trail, part.flattened)) {
      if (!refused.has(site.path.join('\u0000'))) addSite(probeFindings, 'validation-rejects', messages.jsonRejected(name, site.path, site), name, site);
    }
  }
  return { ...merged, flattenFindings, probeFindings, merges };
}

/** One finding per path and message: a node reached twice (a shared schema, two variants) adds a site. */
function addSite(
  findings: Finding[],
  code: 'not-mountable' | 'validation-rejects',
  message: string,
  tool: string | undefined,
  site: { path: string[]; trail: Step[] },
): void {
  const same = findings.find((f) => f.code === code && f.path.join('\u0000') === site.path.join('\u0000') && f.message === message);
  if (same) same.sites.push({ trail: site.trail, anchor: 'node' });
  else
    findings.push(
      finding(code, message, {
        tool,
        path: site.path,
        sites: [{ trail: site.trail, anchor: 'node' }],
        ...(code === 'not-mountable' ? { rule: RULES.unrepresentable } : {}),
      }),
    );
}

/** A raw shape (`{ a: z.string() }`) is the object the SDK would build from it. */
function asSchema(value: unknown): AnyZod {
  try {
    return rawShapeToObject(value);
  } catch {
    return value; // a proxy or an object whose reads throw: reported as not a zod schema
  }
}

function rawShapeToObject(value: unknown): AnyZod {
  if (isZodSchemaSafe(value) || !value || typeof value !== 'object' || Array.isArray(value)) return value;
  const fields = Object.values(value as Record<string, unknown>);
  if (!fields.every(isZodSchema)) return value;
  return rawShapeObject(value as Record<string, AnyZod>);
}

function mergeParts(parts: Part[], tool: string | undefined, findings: Finding[]): { schema: unknown; unmerged?: unknown[] } {
  const input = parts.find((p) => p.name === 'input') ?? parts[0];
  let mergeable = true;
  for (const part of parts) {
    const node = readNode(part.advertised);
    if (node?.kind === 'object') continue;
    mergeable = false;
    const what = describeKind(node?.kind);
    const message =
      part.name === 'input' || parts.length === 1
        ? messages.nonObjectInput(tool, what)
        : messages.partNotObject(tool, part.name === 'extend' ? 'extend object' : part.name, what);
    findings.push(finding('not-mountable', message, { tool, sites: [{ trail: part.trail, anchor: 'node' }] }));
  }
  if (parts.length === 1) return { schema: input.advertised };
  if (!mergeable) return { schema: input.advertised, unmerged: parts.map((p) => p.advertised) };
  const other = parts.find((p) => readNode(p.advertised)!.flavour !== readNode(input.advertised)!.flavour);
  if (other) {
    findings.push(finding('not-mountable', messages.mixedVersions(tool, partLabel(other)), { tool, sites: [{ trail: other.trail, anchor: 'node' }] }));
    return { schema: input.advertised, unmerged: parts.map((p) => p.advertised) };
  }

  const shape: Record<string, AnyZod> = {};
  const owner = new Map<string, Part>();
  for (const part of parts) {
    for (const [key, field] of Object.entries(objectShape(readNode(part.advertised)!))) {
      const first = owner.get(key);
      if (first) {
        findings.push(
          finding('not-mountable', messages.keyClash(tool, key, partLabel(first), partLabel(part)), {
            tool,
            path: [key],
            key,
            sites: [
              { trail: [...first.trail, { kind: 'key', key }], anchor: 'key' },
              { trail: [...part.trail, { kind: 'key', key }], anchor: 'key' },
            ],
          }),
        );
        continue;
      }
      owner.set(key, part);
      shape[key] = field;
    }
  }
  return { schema: rebuildObject(readNode(input.advertised)!, shape) };
}

function partLabel(part: Part): string {
  return part.name === 'extend' ? 'the extend object' : part.name;
}

function describeKind(kind: string | undefined): string {
  if (!kind) return 'not a zod schema';
  if (kind === 'union' || kind === 'discriminated-union') return 'a union';
  if (kind === 'intersection') return 'an intersection';
  return `a ${kind}`;
}
