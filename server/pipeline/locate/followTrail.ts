/**
 * Following an engine trail (Steps) through the user's source, from a schema root expression to the
 * node each step names. Stops where the source cannot be read statically, and says how far it got.
 */
import type { Node } from 'ts-morph';
import type { Step } from '../../../shared/types';
import { resolveChain, isLibrary } from './resolve';
import { formOf, type SchemaForm } from './schemaForm';
import { findKey, type KeyDeclaration } from './shapeKeys';
import { sameLabel, variantLabel } from './variantLabel';

export interface TrailEnd {
  /** True when every step was followed. */
  complete: boolean;
  /** The schema expression reached (the end of the trail when complete; else the one that could not be entered). */
  expression: Node;
  /** The last key declaration passed through (for a 'key' anchor: the key itself when the last step is a key). */
  lastKey?: KeyDeclaration;
  /** The last discriminator name passed through (variant steps carry it). */
  discriminator?: string;
  /** How many steps were followed. */
  followed: number;
}

/** Follow steps from a root; `params`/`extend` steps are the caller's business and are skipped here. */
export function followTrail(root: Node, steps: Step[]): TrailEnd {
  let expression = root;
  let lastKey: KeyDeclaration | undefined;
  let discriminator: string | undefined;
  let followed = 0;
  for (const step of steps) {
    if (step.kind === 'params' || step.kind === 'extend') {
      followed++;
      continue;
    }
    const form = formOf(expression);
    const next = stepInto(form, step);
    if (!next) {
      // A key hidden in a shape we cannot read (`...makeShape()`): that shape is the nearest place.
      const hidden = step.kind === 'key' && form.kind === 'object' ? findKey(form.shapes, step.key).opaque : undefined;
      return { complete: false, expression: placeable(hidden ?? form.node, expression), lastKey, discriminator, followed };
    }
    if (step.kind === 'key') lastKey = next.key;
    if (step.kind === 'variant') discriminator = step.discriminator;
    expression = next.node;
    followed++;
  }
  return { complete: true, expression: placeable(resolveChain(expression), expression), lastKey, discriminator, followed };
}

function stepInto(form: SchemaForm, step: Step): { node: Node; key?: KeyDeclaration } | undefined {
  switch (step.kind) {
    case 'key': {
      if (form.kind !== 'object') return undefined;
      const found = findKey(form.shapes, step.key).found;
      return found ? { node: found.value, key: found } : undefined;
    }
    case 'item':
      return form.kind === 'array' ? { node: form.element } : undefined;
    case 'value':
      return form.kind === 'record' ? { node: form.value } : undefined;
    case 'variant': {
      if (form.kind !== 'du') return undefined;
      const disc = form.discriminator ?? step.discriminator;
      const byLabel = form.options.find((option) => {
        const label = variantLabel(option, disc);
        return label !== undefined && sameLabel(label, step.label);
      });
      const option = byLabel ?? form.options[step.index];
      return option ? { node: option } : undefined;
    }
    case 'member': {
      if (form.kind !== 'union') return undefined;
      const member = form.members[step.index];
      return member ? { node: member } : undefined;
    }
    case 'side':
      if (form.kind !== 'intersection') return undefined;
      return { node: step.side === 'left' ? form.left : form.right };
    default:
      return undefined;
  }
}

/** A node in the user's source: never a library declaration, else the written expression. */
function placeable(node: Node, written: Node): Node {
  return isLibrary(node) ? written : node;
}
