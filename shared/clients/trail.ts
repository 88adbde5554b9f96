/**
 * From a JSON pointer into the advertised schema back to the zod node that produced it: the trail (Steps in the
 * ORIGINAL, unflattened schema) that locating follows to the source. The walk steps through wrappers the JSON
 * does not show, into the first variant that declares a key of a flattened union, and stops (keeping the trail
 * so far, the nearest placeable node) where the JSON has a node zod's vocabulary cannot step into.
 */
import type { FindingSite, Step } from '../types';
import { optionLabel } from '../flatten/flattenable';
import {
  arrayElement,
  discriminatorOf,
  effectsOf,
  innerOf,
  objectShape,
  pipeEndsOf,
  readNode,
  sidesOf,
  unionOptions,
  valueTypeOf,
  type AnyZod,
  type ZodNode,
} from '../zod/read';

const LOOK_THROUGH = new Set(['optional', 'nullable', 'default', 'readonly', 'catch', 'branded', 'nonoptional', 'prefault', 'promise']);

function unwrap(value: AnyZod): ZodNode | undefined {
  let node = readNode(value);
  for (let i = 0; node && i < 32; i++) {
    if (LOOK_THROUGH.has(node.kind)) node = readNode(innerOf(node));
    else if (node.kind === 'effects') node = readNode(effectsOf(node).inner);
    else if (node.kind === 'pipe') node = readNode(pipeEndsOf(node).in);
    else break;
  }
  return node;
}

/** The site of the zod node behind `pointer` (segments into the advertised input schema). */
export function siteOfPointer(input: unknown, pointer: readonly string[]): FindingSite {
  const trail: Step[] = [];
  let node = unwrap(input);
  let i = 0;
  while (node && i < pointer.length) {
    const seg = pointer[i];
    const next = pointer[i + 1];
    let child: AnyZod;
    if (seg === 'properties' && next !== undefined) {
      if (node.kind === 'object') {
        child = objectShape(node)[next];
        if (child !== undefined) trail.push({ kind: 'key', key: next });
      } else if (node.kind === 'discriminated-union') {
        // A flattened union: the key as the first variant that declares it.
        const options = unionOptions(node);
        const index = options.findIndex((o) => {
          const v = unwrap(o);
          return v?.kind === 'object' && objectShape(v)[next] !== undefined;
        });
        if (index >= 0) {
          trail.push({ kind: 'variant', discriminator: discriminatorOf(node), label: optionLabel(node, index), index }, { kind: 'key', key: next });
          child = objectShape(unwrap(options[index])!)[next];
        }
      }
      if (child === undefined) break;
      i += 2;
    } else if (seg === 'items' && node.kind === 'array') {
      child = arrayElement(node);
      trail.push({ kind: 'item' });
      i += /^\d+$/.test(next ?? '') ? 2 : 1;
    } else if (seg === 'additionalProperties' && node.kind === 'record') {
      child = valueTypeOf(node);
      trail.push({ kind: 'value' });
      i += 1;
    } else if ((seg === 'anyOf' || seg === 'oneOf') && next !== undefined) {
      const index = Number(next);
      if (node.kind === 'union' || node.kind === 'discriminated-union') {
        const options = unionOptions(node);
        child = options[index];
        if (child === undefined) break;
        trail.push(
          node.kind === 'union' ? { kind: 'member', index } : { kind: 'variant', discriminator: discriminatorOf(node), label: optionLabel(node, index), index },
        );
      } else {
        // A nullable written as anyOf [T, null]: the first member is the node itself; the null has no zod node.
        if (index !== 0) break;
        child = node.raw;
      }
      i += 2;
    } else if (seg === 'allOf' && next !== undefined && node.kind === 'intersection') {
      child = next === '0' ? sidesOf(node).left : sidesOf(node).right;
      trail.push({ kind: 'side', side: next === '0' ? 'left' : 'right' });
      i += 2;
    } else {
      break;
    }
    node = unwrap(child);
  }
  return { trail, anchor: 'node' };
}
