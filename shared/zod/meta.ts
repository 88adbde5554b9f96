/** Reading and writing descriptions and metadata on zod nodes of any copy. */
import { innerOf, isWrapper, readNode, type AnyZod, type Internals, type ZodNode } from './read';
import { v4Registry } from './modules';

/** Metadata of a zod 4 node (description, title, examples, ...), via its own copy where it exposes `.meta()`. */
export function readMeta(schema: Internals): Record<string, unknown> | undefined {
  if (!schema?._zod) return schema?._def?.description ? { description: schema._def.description } : undefined;
  try {
    if (typeof schema.meta === 'function') {
      const own = schema.meta();
      if (own && typeof own === 'object') return own;
    }
    return v4Registry().get(schema) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The node's own description, if any. */
export function readDescription(schema: Internals): string | undefined {
  if (!schema) return undefined;
  if (schema._zod) {
    const d = readMeta(schema)?.description;
    return typeof d === 'string' ? d : undefined;
  }
  const d = schema._def?.description;
  return typeof d === 'string' ? d : undefined;
}

/** A field's description, looking through optional/nullable/default wrappers (outermost wins). */
export function fieldDescription(schema: Internals): string | undefined {
  let node: ZodNode | undefined = readNode(schema);
  for (let depth = 0; node && depth < 8; depth++) {
    const d = readDescription(node.raw);
    if (d) return d;
    if (!isWrapper(node.kind)) return undefined;
    node = readNode(innerOf(node));
  }
  return undefined;
}

/** Copy a zod 4 node's metadata onto its rebuilt twin (without `id`, which must stay unique). */
export function copyMetaV4(from: AnyZod, to: AnyZod): AnyZod {
  const meta = readMeta(from);
  if (!meta) return to;
  const { id: _id, ...rest } = meta;
  if (Object.keys(rest).length > 0) v4Registry().add(to, rest);
  return to;
}
