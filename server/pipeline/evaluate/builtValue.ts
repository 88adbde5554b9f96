import type { BuiltValue, FactorySpec, ParamHint } from '../discover/contract';

export function isBuilt(hint: ParamHint): hint is { built: BuiltValue } {
  return typeof hint === 'object' && 'built' in hint;
}

/** Whether any parameter of the factory (or of its building methods) has a built argument. */
export function hasBuiltArguments(spec: Pick<FactorySpec, 'params' | 'methods'>): boolean {
  return [spec.params, ...(spec.methods ?? []).map((m) => m.params)].some((hints) => hints.some(isBuilt));
}

/** The value a BuiltValue describes; the JSON kinds as they are, the rest made here. */
export async function materialise(value: BuiltValue, server: () => Promise<unknown>, placeholder: () => unknown): Promise<unknown> {
  const member = (v: BuiltValue) => materialise(v, server, placeholder);
  if ('literal' in value) return value.literal;
  if ('object' in value) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value.object)) out[key] = await member(v);
    return out;
  }
  if ('array' in value) return Promise.all(value.array.map(member));
  if ('set' in value) return new Set(await Promise.all(value.set.map(member)));
  if ('map' in value) return new Map();
  if ('fn' in value) return () => undefined;
  if ('server' in value) return server();
  return placeholder();
}
