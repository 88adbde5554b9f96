/**
 * Building with the input's own zod when a constructor cannot be derived from its nodes: the evaluation
 * worker registers the workspace's zod modules (`registerZod`), and the engine must then build every node of
 * a flattened zod 3 schema with the input's copy, never with another registered or bundled one.
 * Its own file: registration is module state.
 */
import { describe, expect, it } from 'vitest';
import * as z3alias from 'zod3';
import { flattenUnionsDeep, registerZod } from '../../shared/index';
import { ZOD3_ALIAS, ZOD3_SUB, type Flavour } from './support/flavours';
import { kindOf, schemaNodes } from './support/engine';

const collision = (f: Flavour) => f.object({ c: f.du('k', [f.object({ k: f.literal('a'), v: f.string() }), f.object({ k: f.literal('b'), v: f.number() })]) });

function foreignNodes(f: Flavour) {
  const nodes = schemaNodes(flattenUnionsDeep(collision(f)).schema);
  expect(
    nodes.some((n) => kindOf(n) === 'unknown'),
    'the collision produced an unknown',
  ).toBe(true);
  return nodes.filter((n) => !f.ownsNode(n)).map(kindOf);
}

describe('registerZod', () => {
  it('recognises zod modules and refuses anything else', () => {
    expect(registerZod(42)).toBe(false);
    expect(registerZod({ object: 'no' })).toBe(false);
    expect(registerZod(z3alias)).toBe(true);
  });

  it.each([
    ['zod3 (registered)', ZOD3_ALIAS],
    ['zod/v3 (the bundled copy, another copy registered)', ZOD3_SUB],
  ])('every node of a flattened %s schema is built by that copy', (_label, f: Flavour) => {
    expect(foreignNodes(f)).toEqual([]);
  });
});
