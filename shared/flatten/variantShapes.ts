/**
 * Per-variant, per-key JSON shapes of a discriminated union, exactly as ONE comparable conversion of the whole
 * union gives them (converting every field on its own would make a 256-variant union hundreds of times slower).
 * That conversion itself is skipped: zod 3 replays it per property (comparableVariantPropertiesV3), zod 4
 * computes the properties locally where provably equal (comparableVariantPropertiesV4), and a field neither can
 * do is converted alone (the same JSON: the comparable conversion inlines reused nodes); differential tests hold
 * both to the whole-union conversion. Only the keys that need comparing are converted at all.
 */
import { comparableVariantPropertiesV3, toComparableJsonSchema } from '../zod/jsonSchema';
import { canonicalHash, sameCanonical, withoutAnnotations } from './canonical';
import { unionOptions, type AnyZod, type ZodNode } from '../zod/read';
import { comparableVariantPropertiesV4 } from '../zod/variantPropertiesV4';

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

/**
 * Look up the variants' JSON of the keys that need comparing, and lazily normalize single fields; falls back to
 * converting a field alone. Only `keys` are converted: a key declared once (or by one shared instance) is never
 * compared, and converting it would cost its whole subtree at every level of a deeply nested schema.
 */
export class VariantShapes {
  private readonly variantJson: Array<Json | undefined>;

  constructor(union: ZodNode, variantCount: number, keys: ReadonlySet<string>) {
    let members: Json[] | undefined;
    try {
      members =
        union.flavour === 'v3'
          ? comparableVariantPropertiesV3(union.raw, unionOptions(union), keys)
          : comparableVariantPropertiesV4(union.raw, unionOptions(union), keys);
    } catch {
      members = undefined; // as when converting the whole union throws: every field converted alone
    }
    this.variantJson = Array.from({ length: variantCount }, (_, i) => members?.[i]);
  }

  /** Shape of `key` in variant `index`; `field` is the zod field with its top-level optional removed. */
  shapeOf(index: number, key: string, field: AnyZod): FieldShape {
    const props = this.variantJson[index];
    let json = props && Object.prototype.hasOwnProperty.call(props, key) ? props[key] : undefined;
    if (json === undefined || (json as Json).$ref !== undefined) json = convertAlone(field) ?? json ?? {};
    return new FieldShape(withoutAnnotations(json));
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
