// What the loopback's providers share: an answer, and the path to the first node of a schema that matches.

export interface Answer {
  /** Given only to a request whose path ends so (else to the next request). */
  path?: string;
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

/** The keys from `schema` down to the first node `test` holds for (depth first, in key order), or undefined. */
export function findNode(schema: unknown, test: (node: Record<string, unknown>) => boolean, at: string[] = []): string[] | undefined {
  if (Array.isArray(schema)) {
    for (const [i, item] of schema.entries()) {
      const found = findNode(item, test, [...at, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof schema !== 'object' || schema === null) return undefined;
  const node = schema as Record<string, unknown>;
  if (test(node)) return at;
  for (const [key, value] of Object.entries(node)) {
    const found = findNode(value, test, [...at, key]);
    if (found) return found;
  }
  return undefined;
}
