/**
 * Token counts per tool and per server: what a tool's definition costs in the model's context window.
 * Pure over plain data (the advertised JSON Schema and the description), so every front counts the same way.
 */
import { CONTEXT_WINDOW, countEach } from './tokenizer';
import { definitionText, descriptionTexts, propertyTexts, type SentDefinition } from './toolDefinition';

export interface ToolTokens {
  /** Tokens of the definition as sent: name, description and input schema (compact JSON). */
  input: number;
  /** Tokens of the output schema, counted on its own; absent when the tool declares none. */
  output?: number;
  /** input + output. */
  total: number;
}

export interface KeyWeight {
  key: string;
  tokens: number;
  /** Tokens of the descriptions inside the key. */
  descriptionTokens: number;
}

/** The tokens one tool's definition costs. */
export function countToolTokens(def: SentDefinition): ToolTokens {
  if (def.outputSchema === undefined) {
    const [input] = countEach([definitionText(def)]);
    return { input, total: input };
  }
  const [input, output] = countEach([definitionText(def), JSON.stringify(def.outputSchema)]);
  return { input, output, total: input + output };
}

/** The top-level keys of an input schema, heaviest first (only worth computing for a tool over its budget). */
export function heaviestKeys(inputSchema: unknown): KeyWeight[] {
  const keys = propertyTexts(inputSchema).map(({ key, value, text }) => ({ key, text, descriptions: descriptionTexts(value) }));
  // One round for every text of every key.
  const counts = countEach(keys.flatMap((k) => [k.text, ...k.descriptions]));
  let at = 0;
  return keys
    .map(({ key, descriptions }) => {
      const tokens = counts[at++];
      let descriptionTokens = 0;
      for (let i = 0; i < descriptions.length; i++) descriptionTokens += counts[at++];
      return { key, tokens, descriptionTokens };
    })
    .sort((a, b) => b.tokens - a.tokens || a.key.localeCompare(b.key));
}

export interface ServerTokens {
  tools: number;
  total: number;
  /** Share of a 200k-token context window, 0..1. */
  windowShare: number;
}

/** The sum over a server's tools and its share of a 200k window. */
export function serverTokens(tools: ReadonlyArray<{ tokens: ToolTokens }>): ServerTokens {
  const total = tools.reduce((n, t) => n + t.tokens.total, 0);
  return { tools: tools.length, total, windowShare: total / CONTEXT_WINDOW };
}
