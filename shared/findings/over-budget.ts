/** `over-budget`: A tool's definition (or a whole server's) costs more tokens than `toolSchemaLens.budget.*` allows. */
import { defineFinding, type FindingDocs } from './define';
import { listWords, count, percent, type HeavyKey } from './wording';

export const overBudget = defineFinding({
  code: 'over-budget',
  defaultSeverity: 'information',
  summary: "A tool's definition (or a whole server's) costs more tokens than `toolSchemaLens.budget.*` allows.",
  messages: {
    overBudgetTool(tool: string, tokens: number, budget: number, heaviest: HeavyKey | undefined, descriptionShare: number): string {
      const over = `Tool ${tool}: its definition is ${count(tokens)} tokens, over the budget of ${count(budget)} per tool`;
      if (heaviest && heaviest.share >= 0.25) {
        const k = `\`${heaviest.key}\``;
        const share = `${k} is ${percent(heaviest.share)} of this tool's ${count(tokens)} tokens`;
        return heaviest.descriptionShare >= 0.4
          ? `${over}; shorten the descriptions in ${k}. ${share}, ${percent(heaviest.descriptionShare)} of it descriptions.`
          : `${over}; move ${k} to a tool of its own, or give it fewer options. ${share}.`;
      }
      if (descriptionShare >= 0.4) return `${over}; shorten its descriptions. They are ${percent(descriptionShare)} of it.`;
      return `${over}; split it into tools that each take fewer keys.`;
    },
    /** Related information of a tool's budget finding: its heaviest key. */
    overBudgetKeyRelated(key: string, tokens: number): string {
      return `\`${key}\`: ${count(tokens)} tokens`;
    },
    /** Related information of a budget finding placed on the heaviest key: the tool it belongs to. */
    overBudgetToolRelated(tool: string, tokens: number): string {
      return `tool ${tool}: ${count(tokens)} tokens in all`;
    },
    overBudgetServer(
      server: string,
      tools: number,
      tokens: number,
      windowShare: number,
      budget: number,
      heaviest: Array<{ name: string; tokens: number }>,
    ): string {
      const list = listWords(heaviest.map((t) => `${t.name} (${count(t.tokens)})`));
      return `The ${tools} tools of ${server} are ${count(tokens)} tokens, over the budget of ${count(budget)} per server; shrink the heaviest or register fewer. They are ${percent(windowShare)} of a 200k context window, and clients cap or defer large tool sets; the heaviest are ${list}.`;
    },
  },
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  severityNote: '(a whole server: warning)',
  example:
    "“Tool search_orders: its definition is 1,840 tokens, over the budget of 1,500 per tool; shorten the descriptions in `filters`. `filters` is 61% of this tool's 1,840 tokens, 52% of it descriptions.” · “The 41 tools of `shop` are 23,410 tokens, over the budget of 20,000 per server; shrink the heaviest or register fewer. …” Budgets: `toolSchemaLens.budget.tokensPerTool` / `tokensPerServer`.",
  when: "a tool's definition (name, description and input schema as compact JSON, counted with `o200k_base`) costs more than `toolSchemaLens.budget.tokensPerTool`, or a workspace folder's registered tools together more than `tokensPerServer` (`0` turns either off); the message names the heaviest key and its share (\"`filters` is 61% of this tool's 1,840 tokens\") and what would shrink it (shorter descriptions where they dominate, else moving the key to a tool of its own)",
  where:
    "the heaviest key's declaration when the message names it (related information: the tool); else the tool's name at its registration, or its definition's `name: ...` when a loop or helper registers it (related: the heaviest key); for a server, the heaviest tool's name, related to the next heaviest",
};
