/**
 * Per-variant, per-key JSON shapes of a discriminated union, exactly as ONE comparable conversion of the whole
 * union gives them (converting every field on its own would make a 256-variant union hundreds of times slower).
 * That conversion itself is skipped where its result can be had cheaper: zod 3 replays it per property
 * (comparableVariantPropertiesV3), zod 4 computes the properties locally where provably equal
 * (comparableVariantPropertiesV4); differential tests hold both to the whole-union conversion.
 */
import { comparableVariantPropertiesV3, toComparableJsonSchema } from '../jsonSchema';
import { canonicalHash, sameCanonical, withoutAnnotations } from './canonical';
import { unionOptions, type AnyZod, type ZodNode } from '../zod/read';
import { comparableVariantPropertiesV4 } from './variantPropertiesV4';

/** One declaration's normalized JSON Schema (annotations stripped). */
export class FieldShape {
  private raw?: string;
  constructor(readonly shape: unknown) {}
  /** Plain JSON text: equal texts imply equal shapes (a cheap first test; unequal texts say nothing). */
  get quick(): string {
    return (this.raw ??= JSON.stringify(this.shape) ?? 'null');
  }
}

/**
 * How many distinct shapes: one when all plain texts agree (identical declarations, the common case), else how
 * many canonical classes, found by comparing structurally within buckets of equal canonicalHash (the canonical
 * texts of every declaration of a key shared by hundreds of variants were a tenth of advertise's time).
 */
export function distinctShapes(shapes: FieldShape[]): number {
  const first = shapes[0]?.quick;
  if (shapes.every((s) => s.quick === first)) return shapes.length > 0 ? 1 : 0;
  const buckets = new Map<number, unknown[]>(); // by canonicalHash: a key's declarations may all differ (an enum per variant)
  let distinct = 0;
  for (const { shape } of shapes) {
    const hash = canonicalHash(shape);
    const bucket = buckets.get(hash);
    if (!bucket) buckets.set(hash, [shape]);
    else if (!bucket.some((r) => sameCanonical(r, shape))) bucket.push(shape);
    else continue;
    distinct++;
  }
  return distinct;
}

type Json = Record<string, unknown>;

/** Look up the variants' JSON and lazily normalize single fields; falls back to converting a field alone. */
export class VariantShapes {
  private readonly variantJson: Array<Json | undefined>;
  private readonly root: Json;

  constructor(union: ZodNode, variantCount: number) {
    this.root = {};
    if (union.flavour === 'v3') {
      let members: Json[] | undefined;
      try {
        members = comparableVariantPropertiesV3(union.raw, unionOptions(union)).map((properties) => ({ properties }));
      } catch {
        members = undefined; // as when converting the whole union throws: every field converted alone
      }
      this.variantJson = Array.from({ length: variantCount }, (_, i) => members?.[i]);
      return;
    }
    const local = comparableVariantPropertiesV4(union.raw, unionOptions(union));
    if (local) {
      this.variantJson = Array.from({ length: variantCount }, (_, i) => (local[i] ? { properties: local[i] } : undefined));
      return;
    }
    let root: Json = {};
    try {
      root = (toComparableJsonSchema(union.raw) ?? {}) as Json;
    } catch {
      root = {};
    }
    this.root = root;
    const members = (root.oneOf ?? root.anyOf) as Json[] | undefined;
    this.variantJson = Array.from({ length: variantCount }, (_, i) => this.resolve(members?.[i]));
  }

  /** Shape of `key` in variant `index`; `field` is the zod field with its top-level optional removed. */
  shapeOf(index: number, key: string, field: AnyZod): FieldShape {
    const props = this.variantJson[index]?.properties as Json | undefined;
    let json = props?.[key];
    if (json === undefined || (json as Json).$ref !== undefined) json = convertAlone(field) ?? json ?? {};
    return new FieldShape(withoutAnnotations(json));
  }

  private resolve(member: Json | undefined): Json | undefined {
    if (!member || typeof member.$ref !== 'string') return member;
    const m = /^#\/(\$defs|definitions)\/(.+)$/.exec(member.$ref);
    const defs = m ? (this.root[m[1]] as Json | undefined) : undefined;
    return (defs?.[decodeURIComponent(m![2])] as Json | undefined) ?? undefined;
  }
}

function convertAlone(field: AnyZod): unknown {
  try {
    const json = toComparableJsonSchema(field) as Json;
    const { $schema: _s, $defs: _d, definitions: _f, ...rest } = json ?? {};
    return rest;
  } catch {
    return undefined;
  }
}
