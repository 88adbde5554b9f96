/**
 * The corpus the client profiles are cross-checked on: top-level objects whose fields come from the soundness
 * generator (scalars, enums, literals, nested objects, arrays, discriminated unions, wrappers) or from a list of
 * nodes that clients and providers care about (formats, records, tuples, unions, nullables, open and strict
 * objects, intersections, recursion).
 */
import fc from 'fast-check';
import type { Flavour } from '../support/flavours';
import { buildSchema, fieldArb } from '../support/randomSchemas';

export type Z = any;
/** Extra field kinds beyond the soundness generator's: the nodes strict mode cares about. */
const EXTRAS: Array<[string, (z: Z) => unknown]> = [
  ['url', (z) => z.string().url()],
  ['email', (z) => z.string().email()],
  ['uuid', (z) => z.string().uuid()],
  ['record', (z) => z.record(z.string(), z.number())],
  ['tuple', (z) => z.tuple([z.string(), z.number()])],
  ['union', (z) => z.union([z.string(), z.number()])],
  ['objectUnion', (z) => z.union([z.object({ a: z.string() }), z.object({ b: z.number() })])],
  ['nullable', (z) => z.string().nullable()],
  ['nullableOptional', (z) => z.string().nullable().optional()],
  ['passthrough', (z) => z.object({ a: z.string() }).passthrough()],
  ['strict', (z) => z.object({ a: z.string() }).strict()],
  ['intersection', (z) => z.intersection(z.object({ a: z.string() }), z.object({ b: z.number() }))],
  [
    'recursive',
    (z) => {
      const node: Z = z.lazy(() => z.object({ children: z.array(node) }));
      return node;
    },
  ],
  ['unknownArray', (z) => z.array(z.unknown())],
  ['positive', (z) => z.number().positive()],
];

const field = fc.oneof(
  { weight: 3, arbitrary: fieldArb(2).map((spec) => ({ kind: 'spec' as const, spec })) },
  { weight: 2, arbitrary: fc.constantFrom(...EXTRAS).map(([name]) => ({ kind: 'extra' as const, name })) },
);
export const corpus = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e'), field, { minKeys: 1, maxKeys: 4 });

export function build(f: Flavour, z: Z, fields: Record<string, { kind: 'spec'; spec: any } | { kind: 'extra'; name: string }>) {
  const shape: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) shape[k] = v.kind === 'spec' ? buildSchema(f, v.spec) : EXTRAS.find(([n]) => n === v.name)![1](z);
  return z.object(shape);
}
