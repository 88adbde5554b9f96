/**
 * Flattening one discriminated union into one object (spec "Flattening one union"): the discriminator becomes a
 * required enum of every value, every other key is merged across its variants and advertised optional with a hint.
 */
import { finding, messages } from '../findings';
import type { FindingSite, KeyMerge, Step } from '../types';
import { kitFor, type ZodKit } from '../zod/build';
import { copyMetaV4, fieldDescription, readDescription } from '../zod/meta';
import { discriminatorOf, innerOf, readNode, unionOptions, unknownKeysOf, type AnyZod, type ZodNode } from '../zod/read';
import { shapeName } from './canonical';
import { hasValidatingChecks } from '../zod/checks';
import type { Variant } from './flattenable';
import { mergeKey, type Declaration, type MergedKey } from './mergeKey';
import { constraintsOf, shapeDiff } from './shapeDiff';
import { VariantShapes } from './variantShapes';
import { needsWalk, type Walk, type WalkContext } from './walkContext';

/** What the flat object is built from: the merge of every key is done key by key, walking kept keys in between. */
interface FlatPlan {
  kit: ZodKit;
  discriminator: string;
  byKey: Map<string, Declaration[]>;
  /** Keys whose declarations are compared (different instances): only these have shapes. */
  compared: Set<string>;
  fields: Record<string, AnyZod>;
  widened: Set<string>;
}

/**
 * Build the flat object for a flattenable union; records findings, merges and the widened keys in `ctx`.
 * The frames on the recursion (flattenUnion → flattenKey → walk → ...) are kept small on purpose: a schema
 * nested a thousand unions deep must not exhaust the stack before zod's own converter would.
 */
export function flattenUnion(union: ZodNode, variants: Variant[], trail: Step[], path: string[], ctx: WalkContext, walk: Walk): AnyZod {
  const plan = planFlat(union, variants);
  for (const [key, decls] of plan.byKey) flattenKey(plan, key, decls, trail, path, ctx, walk);
  return finishFlat(plan, union, variants, trail, path, ctx);
}

function planFlat(union: ZodNode, variants: Variant[]): FlatPlan {
  const discriminator = discriminatorOf(union);
  const hints = variants.flatMap((v) => Object.values(v.shape));
  const kit = kitFor(variants[0].node, hints);

  const discValues = new Set<string>();
  for (const v of variants) for (const value of v.values) discValues.add(value);
  let discSchema = kit.enumOf([...discValues]);
  // The discriminator's own descriptions (merged as any key's), then each variant's description on its values.
  const discOwn = mergedDescription(
    variants.map((v) => ({ label: v.label, text: fieldDescription(v.shape[discriminator]) })),
    discriminator,
  );
  const perVariant = variants.filter((v) => readDescription(v.node.raw)).map((v) => `${discriminator} = ${v.label}: ${readDescription(v.node.raw)}`);
  const discDescription = [discOwn, perVariant.join('; ')].filter(Boolean).join('. ');
  if (discDescription) discSchema = kit.describe(discSchema, discDescription);

  const byKey = new Map<string, Declaration[]>();
  for (const v of variants) {
    for (const [key, field] of Object.entries(v.shape)) {
      if (key === discriminator) continue;
      const decl: Declaration = { variant: v, schema: withoutOptional(field), field };
      const list = byKey.get(key);
      if (list) list.push(decl);
      else byKey.set(key, [decl]);
    }
  }
  // Shapes only where declarations are compared: a key declared once, or by one shared instance, is kept as is.
  const compared = new Set<string>();
  for (const [key, decls] of byKey) if (decls.some((d) => d.schema !== decls[0].schema)) compared.add(key);
  if (compared.size > 0) {
    const shapes = new VariantShapes(union, unionOptions(union).length, compared);
    for (const key of compared) for (const d of byKey.get(key)!) d.shape = shapes.shapeOf(d.variant.index, key, d.schema);
  }
  const fields: Record<string, AnyZod> = {};
  setOwn(fields, discriminator, discSchema);
  return { kit, discriminator, byKey, compared, fields, widened: new Set() };
}

function flattenKey(plan: FlatPlan, key: string, decls: Declaration[], trail: Step[], path: string[], ctx: WalkContext, walk: Walk): void {
  const merged = mergeKey(decls, plan.kit, ctx.widening);
  const keyPath = [...path, key];
  const siteOf = siteMaker(plan.discriminator, trail, key);
  recordKey(plan, key, decls, merged, trail, keyPath, siteOf, ctx);
  let schema = merged.schema;
  if (merged.outcome === 'widened-unknown' || merged.outcome === 'widened-base-type' || merged.outcome === 'widened-typed') plan.widened.add(key);
  else if (merged.outcome === 'kept' && needsWalk(schema)) {
    const before = ctx.findings.length;
    schema = walk(schema, siteOf(decls[0]).trail, keyPath, ctx);
    if (ctx.findings.length > before) mirrorSites(ctx, before, decls, siteOf);
  }
  setOwn(plan.fields, key, plan.kit.describe(plan.kit.optional(schema), describeField(decls, merged, plan.discriminator)));
}

function siteMaker(discriminator: string, trail: Step[], key: string): (d: Declaration) => FindingSite {
  return (d) => ({
    trail: [...trail, { kind: 'variant', discriminator, label: d.variant.label, index: d.variant.index }, { kind: 'key', key }],
    anchor: 'key',
    variant: d.variant.label,
  });
}

function recordKey(
  plan: FlatPlan,
  key: string,
  decls: Declaration[],
  merged: MergedKey,
  trail: Step[],
  keyPath: string[],
  siteOf: (d: Declaration) => FindingSite,
  ctx: WalkContext,
): void {
  const labels = decls.map((d) => d.variant.label);
  const shapes = plan.compared.has(key) ? decls.map((d) => d.shape?.shape) : [];
  recordMerge(ctx, {
    unionTrail: trail,
    path: keyPath,
    key,
    discriminator: plan.discriminator,
    variants: labels,
    ...requiredIn(decls),
    outcome: merged.outcome,
    reason: merged.reason,
    ...(merged.outcome !== 'widened-unknown' && (merged.seenAs ?? merged.baseType) ? { advertisedAs: merged.seenAs ?? merged.baseType } : {}),
    shapes,
  });
  if (merged.outcome !== 'kept') reportMerge(ctx, merged, decls, keyPath, decls.map(siteOf), plan.discriminator);
}

function finishFlat(plan: FlatPlan, union: ZodNode, variants: Variant[], trail: Step[], path: string[], ctx: WalkContext): AnyZod {
  for (const v of variants) reportStrictness(ctx, v, [...trail, { kind: 'variant', discriminator: plan.discriminator, label: v.label, index: v.index }], path);
  ctx.flattened.set(union.raw, plan.widened);
  // As open as its most open variant: a passthrough/catchall variant's extra keys must stay accepted (superset).
  return describeFlat(
    plan.kit.object(
      plan.fields,
      variants.some((v) => isOpen(v.node)),
    ),
    union,
    plan.kit,
  );
}

/**
 * A kept key is walked through its first declaring variant. Findings inside it also concern the other variants'
 * declarations when those are separate schemas of the same shape: give each such finding the mirrored site there.
 */
function mirrorSites(ctx: WalkContext, from: number, decls: Declaration[], siteOf: (d: Declaration) => FindingSite): void {
  const others = decls.slice(1).filter((d) => d.schema !== decls[0].schema);
  if (others.length === 0 || ctx.findings.length === from) return;
  const prefix = siteOf(decls[0]).trail;
  for (const f of ctx.findings.slice(from)) {
    const extra: FindingSite[] = [];
    for (const site of f.sites) {
      if (site.trail.length < prefix.length || !prefix.every((step, i) => JSON.stringify(step) === JSON.stringify(site.trail[i]))) continue;
      for (const d of others) extra.push({ ...site, trail: [...siteOf(d).trail, ...site.trail.slice(prefix.length)] });
    }
    f.sites.push(...extra);
  }
}

function withoutOptional(field: AnyZod): AnyZod {
  const node = readNode(field);
  return node?.kind === 'optional' ? innerOf(node) : field;
}

/**
 * The flat field's description: every declaring variant's own description (one text when they agree), then the
 * hint: the variants that require the key, those that declare it optional, and for a widened key each shape.
 */
function describeField(decls: Declaration[], merged: MergedKey, discriminator: string): string {
  const own = mergedDescription(
    decls.map((d) => ({ label: d.variant.label, text: fieldDescription(d.field) })),
    discriminator,
  );
  const required = decls.filter((d) => !isOptionalField(d.field)).map((d) => d.variant.label);
  const optional = decls.filter((d) => isOptionalField(d.field)).map((d) => d.variant.label);
  const parts: string[] = [];
  if (required.length > 0) parts.push(`Required if ${discriminator} = ${required.join(' | ')}`);
  if (optional.length > 0) parts.push(`${required.length > 0 ? 'optional' : 'Optional'} when ${discriminator} = ${optional.join(' | ')}`);
  let hint = parts.join('; ');
  if (merged.outcome === 'widened-unknown' || merged.outcome === 'widened-base-type' || merged.outcome === 'widened-typed') {
    hint += `. ${decls.map((d) => `${shapeName(d.shape?.shape)} when ${discriminator} = ${d.variant.label}`).join('; ')}`;
  }
  return own ? `${own} ${hint}` : hint;
}

/** The variants that require the key: the flat field is optional, so the flatten made it optional for them. */
function requiredIn(decls: Declaration[]): { requiredIn?: string[] } {
  const labels = decls.filter((d) => !isOptionalField(d.field)).map((d) => d.variant.label);
  return labels.length > 0 ? { requiredIn: labels } : {};
}

/** A key the variant's input may omit: declared `.optional()`, or with a default. */
function isOptionalField(field: AnyZod): boolean {
  const kind = readNode(field)?.kind;
  return kind === 'optional' || kind === 'default' || kind === 'prefault';
}

/**
 * Descriptions of several variants as one: the text itself when every describing variant says the same, else each
 * text once, after the variants that give it (`kind = shared: The current name; kind = personal: The new name`).
 */
export function mergedDescription(items: Array<{ label: string; text: string | undefined }>, discriminator: string): string | undefined {
  const groups: Array<{ labels: string[]; text: string }> = [];
  for (const { label, text } of items) {
    if (!text) continue;
    const group = groups.find((g) => g.text === text);
    if (group) group.labels.push(label);
    else groups.push({ labels: [label], text });
  }
  if (groups.length === 0) return undefined;
  if (groups.length === 1) return groups[0].text;
  return groups.map((g) => `${discriminator} = ${g.labels.join(' | ')}: ${g.text}`).join('; ');
}

function describeFlat(flat: AnyZod, union: ZodNode, kit: ZodKit): AnyZod {
  if (union.flavour === 'v4') return copyMetaV4(union.raw, flat);
  const description = readDescription(union.raw);
  return description ? kit.describe(flat, description) : flat;
}

function recordMerge(ctx: WalkContext, merge: KeyMerge): void {
  if (merge.reason === undefined) delete merge.reason;
  ctx.merges.push(merge);
}

function reportMerge(ctx: WalkContext, merged: MergedKey, decls: Declaration[], path: string[], sites: FindingSite[], discriminator: string): void {
  if (merged.outcome === 'kept') return;
  const labels = decls.map((d) => d.variant.label);
  const key = path[path.length - 1];
  const common = { tool: ctx.tool, path, variants: labels, sites, key, discriminator };
  if (merged.outcome === 'enum-widened') {
    ctx.findings.push(finding('enum-widened', messages.enumWidened(ctx.who, path, labels, merged.values ?? []), common));
    return;
  }
  const as = merged.seenAs ?? merged.baseType ?? 'unknown';
  const named = decls.map((d) => ({ label: d.variant.label, shape: shapeName(d.shape?.shape) }));
  // What differs is only worded for declarations of one JSON type: compute it only then.
  const diffs = named.every((n) => n.shape === named[0].shape)
    ? shapeDiff(
        labels,
        decls.map((d) => d.shape?.shape),
      )
    : [];
  // Declarations of different kinds widened to a type (a type array, or a bare kind): what each variant loses.
  const dropped =
    diffs.length === 0 && merged.outcome === 'widened-typed'
      ? decls.map((d) => ({ label: d.variant.label, keywords: constraintsOf(d.shape?.shape) })).filter((d) => d.keywords.length > 0)
      : [];
  const message = merged.checks
    ? messages.collisionCheck(ctx.who, path, labels, merged.checks, as)
    : messages.collisionShapes(ctx.who, path, named, as, diffs, dropped);
  ctx.findings.push(finding('collision-widened', message, common));
}

function reportStrictness(ctx: WalkContext, v: Variant, trail: Step[], path: string[]): void {
  const what = strictnessOf(v.node);
  if (!what) return;
  const message = isOpen(v.node) ? messages.opennessShared(ctx.who, path, v.label, what) : messages.strictnessDropped(ctx.who, path, v.label, what);
  ctx.findings.push(
    finding('strictness-dropped', message, {
      tool: ctx.tool,
      path,
      variants: [v.label],
      sites: [{ trail, anchor: 'strict-call', variant: v.label }],
    }),
  );
}

/** The strictness or object-level refinement a variant object carries, named as the call that set it. */
function strictnessOf(node: ZodNode): string | undefined {
  const { policy, catchall } = unknownKeysOf(node);
  if (node.flavour === 'v3') {
    if (policy === 'strict') return '.strict()';
    if (policy === 'loose') return '.passthrough()';
    return catchall ? '.catchall()' : undefined;
  }
  if (hasValidatingChecks(node)) return '.refine()';
  if (policy === 'strict') return '.strict()';
  if (policy === 'loose') return '.loose()';
  return catchall ? '.catchall()' : undefined;
}

/** An own property even for a key named `__proto__` (an assignment would set the object's prototype instead). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Whether a variant object accepts keys it does not declare (zod 3 passthrough or catchall; zod 4 loose or catchall). */
function isOpen(node: ZodNode): boolean {
  const { policy, catchall } = unknownKeysOf(node);
  return policy === 'loose' || catchall !== undefined;
}
