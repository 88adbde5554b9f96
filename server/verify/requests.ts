/**
 * What `verify` sends of each tool: the definition `check` computes (the library's own where it answered, as the
 * snapshot records it), its input schema exactly as the provider receives it (the strict view for a strict target,
 * shared/clients/strictView.ts), and the engine's prediction for those very bytes (judgeTool over the target's
 * profile). Tools are sent together, at most MAX_TOOLS_PER_REQUEST and MAX_TOKENS_PER_REQUEST a request, never two
 * of one name in a request (the provider would refuse the pair, not either tool).
 */
import { judgeTool, strictView, type RuleId } from '../../shared/clients/index';
import { digestOf, snapshotToolOf, type Location, type SnapshotSourceTool } from '../pipeline';
import type { ProviderId } from './providers';

/** The most function tools one request carries: OpenAI's documented limit, which the other APIs do not go below. */
export const MAX_TOOLS_PER_REQUEST = 128;

/**
 * The most input tokens (estimated) one request carries: half the smallest context window of the default models
 * (Claude Haiku 4.5's 200,000), so a request is never refused for its length, which would name no tool.
 */
export const MAX_TOKENS_PER_REQUEST = 100_000;

/** A report's tool as verify reads it (the CLI's and the editor's tools both have this). */
export type SourceTool = SnapshotSourceTool & { id: string; location: Location; mountable: boolean };

export interface VerifyTool {
  /** How the store knows it, as a snapshot does: its server (or tool set) and name. */
  server: string;
  name: string;
  /** The snapshot's digest of its definition: a stored verdict holds until it changes. */
  digest: string;
  description?: string;
  /** The input schema exactly as this provider receives it. */
  schema: unknown;
  /** The profile's prediction for these bytes: the rules they break there (none: it loads). */
  predicted: RuleId[];
  /** The report's tool it came from (`ToolReport.id`) and where it is registered, for a finding. */
  toolId: string;
  location: Location;
}

/** Where a tool is known from across runs: server and name. */
export function toolKey(server: string, name: string): string {
  return `${server}\u0000${name}`;
}

/** The digest of a tool's definition as a snapshot writes it, or undefined for an exported schema. */
export function toolDigest(tool: SnapshotSourceTool): string | undefined {
  const s = snapshotToolOf(tool);
  return s && digestOf(s.definition);
}

/** The tool as `provider` receives it, or undefined for one no host sends (an exported schema, an unmountable tool). */
export function verifyToolOf(tool: SourceTool, provider: ProviderId): VerifyTool | undefined {
  const s = snapshotToolOf(tool);
  if (!s || !tool.mountable) return undefined;
  const input = s.definition.inputSchema ?? {};
  const description = typeof s.definition.description === 'string' ? s.definition.description : undefined;
  const schema = provider === 'openai-strict' ? strictView(input) : input;
  const predicted = [
    ...new Set(
      judgeTool({ name: s.name, ...(description !== undefined ? { description } : {}), inputSchema: schema }, { server: s.server }, [provider]).map(
        (v) => v.rule,
      ),
    ),
  ];
  return {
    server: s.server,
    name: s.name,
    digest: digestOf(s.definition),
    ...(description !== undefined ? { description } : {}),
    schema,
    predicted,
    toolId: tool.id,
    location: tool.location,
  };
}

/** How many tools, and how many input tokens, one request may carry. */
export interface BatchLimits {
  tools: number;
  tokens: number;
}

export const BATCH_LIMITS: BatchLimits = { tools: MAX_TOOLS_PER_REQUEST, tokens: MAX_TOKENS_PER_REQUEST };

/**
 * The requests one provider gets for these tools, as few as the limits allow: in order, at most `limits.tools` tools
 * and `limits.tokens` input tokens (`tokensOf` a tool alone) a request, names unique in each. A tool the profile
 * predicts refused never shares a request with the others, so theirs is not refused for it; it goes alone, or with
 * the others predicted refused where one refusal names every refused tool (`refusedTogether`).
 * Tools of every server share requests: a schema is judged alone, and a refused request is sent again one tool a
 * request anyway.
 */
export function batchesOf(
  tools: readonly VerifyTool[],
  tokensOf: (tool: VerifyTool) => number = () => 0,
  limits: BatchLimits = BATCH_LIMITS,
  refusedTogether = false,
): VerifyTool[][] {
  const batches: Array<{ tools: VerifyTool[]; names: Set<string>; tokens: number; refused: boolean }> = [];
  for (const tool of tools) {
    const refused = tool.predicted.length > 0;
    if (refused && !refusedTogether) {
      batches.push({ tools: [tool], names: new Set(), tokens: Infinity, refused });
      continue;
    }
    const tokens = tokensOf(tool);
    // The first open request of its kind with room and without the name, so a name repeated across servers does not
    // split the rest; tools predicted refused never share one with the others.
    let batch = batches.find(
      (b) => b.refused === refused && b.tools.length < limits.tools && !b.names.has(tool.name) && (b.tokens + tokens <= limits.tokens || b.tools.length === 0),
    );
    if (!batch) batches.push((batch = { tools: [], names: new Set(), tokens: 0, refused }));
    batch.tools.push(tool);
    batch.names.add(tool.name);
    batch.tokens += tokens;
  }
  return batches.map((b) => b.tools);
}
