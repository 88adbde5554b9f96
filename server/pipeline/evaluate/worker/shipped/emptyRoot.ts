/**
 * The emulation of last resort for one thing the engine alone would get wrong: SDK 1.23 to 1.32 mount a tool whose
 * input is not a zod object (a root union, an intersection, a transformed object) and send an empty object for it
 * (`normalizeObjectSchema` finds no shape, so `tools/list` carries `EMPTY_OBJECT_JSON_SCHEMA`). Where that SDK could
 * not be asked, the tool is shown as shipping that empty object, so `schema-dropped` says what really happens.
 */
import { readNode } from '../../../../../shared/zod/read';

/** What those SDK versions send for a non-object input. */
export const EMPTY_OBJECT_SCHEMA = { type: 'object', properties: {} };

function minorOf(version: string | undefined): [number, number] | undefined {
  const match = /^(\d+)\.(\d+)\./.exec(version ?? '');
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

/** The library at this version ships a non-object root as an empty object (SDK 1.23–1.32, verified with its own client). */
export function shipsEmptyForNonObject(library: string, version: string | undefined): boolean {
  const minor = minorOf(version);
  return library === '@modelcontextprotocol/sdk' && minor !== undefined && minor[0] === 1 && minor[1] >= 23 && minor[1] <= 32;
}

/** The input is a zod schema whose root is not an object (what those SDKs drop). */
export function hasNonObjectRoot(input: unknown): boolean {
  const node = readNode(input);
  return node !== undefined && node.kind !== 'object';
}
