/**
 * The providers' answers kept in the project: `toolschemalens.verified.json` beside the project file, canonical (keys
 * and entries sorted) so it can be committed and its diff read. An answer holds for its tool until the tool's digest
 * changes (the snapshot's digest of its definition); a run replaces the answers it got and keeps every other. It holds
 * answers only: never a key, a base URL or a failure of the network.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { canonicalJson, readWorkspaceFile } from '../pipeline';
import { toolDigest, toolKey, type SourceTool } from './requests';

export const VERIFIED_FILE = 'toolschemalens.verified.json';

/** One provider's answer to one tool. */
export interface StoredVerdict {
  server: string;
  tool: string;
  /** The digest of the definition that was sent: the answer holds while the tool's digest is this. */
  digest: string;
  provider: string;
  model: string;
  /** The SDK that sent it, with its version (`openai 7.59.0`). */
  sdk: string;
  /** The day it answered (ISO date). */
  date: string;
  accepted: boolean;
  /** The provider's error, as it wrote it, for a refusal. */
  error?: string;
  /** What the profile predicted that day: the rules broken (none: it loads). */
  predicted: string[];
}

export interface VerifiedStore {
  format: 1;
  verdicts: StoredVerdict[];
}

export const EMPTY_STORE: VerifiedStore = { format: 1, verdicts: [] };

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The store of a project folder: empty when there is none; what is wrong with a file that is not one. */
export function readStore(root: string): { store: VerifiedStore; problem?: string } {
  const read = readWorkspaceFile(path.join(root, VERIFIED_FILE));
  if ('missing' in read) return { store: EMPTY_STORE };
  if ('skipped' in read) return { store: EMPTY_STORE, problem: `it is not read (${read.skipped})` };
  return parseStore(read.text);
}

export function parseStore(text: string): { store: VerifiedStore; problem?: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { store: EMPTY_STORE, problem: `it is not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const v = value as Partial<VerifiedStore> | null;
  if (!v || v.format !== 1 || !Array.isArray(v.verdicts))
    return { store: EMPTY_STORE, problem: 'it is not a verify store (expected {"format": 1, "verdicts": [...]})' };
  const verdicts = v.verdicts.filter(
    (e): e is StoredVerdict =>
      !!e &&
      typeof e.server === 'string' &&
      typeof e.tool === 'string' &&
      typeof e.digest === 'string' &&
      typeof e.provider === 'string' &&
      typeof e.model === 'string' &&
      typeof e.date === 'string' &&
      typeof e.accepted === 'boolean',
  );
  return { store: { format: 1, verdicts } };
}

/** `before` with each answer of `fresh` replacing the one for the same tool and provider. */
export function mergeStore(before: VerifiedStore, fresh: readonly StoredVerdict[]): VerifiedStore {
  const keyOf = (e: StoredVerdict) => `${toolKey(e.server, e.tool)}\u0000${e.provider}`;
  const merged = new Map(before.verdicts.map((e) => [keyOf(e), e]));
  for (const e of fresh) merged.set(keyOf(e), e);
  const verdicts = [...merged.values()].sort((a, b) => byText(a.server, b.server) || byText(a.tool, b.tool) || byText(a.provider, b.provider));
  return { format: 1, verdicts };
}

export function writeStore(root: string, store: VerifiedStore): string {
  const file = path.join(root, VERIFIED_FILE);
  fs.writeFileSync(file, canonicalJson(store));
  return file;
}

/** The answers that hold for a tool: its server and name, and the digest it has now. */
export function verdictsOf(store: VerifiedStore, tool: SourceTool): StoredVerdict[] {
  if (store.verdicts.length === 0) return [];
  const digest = toolDigest(tool);
  if (!digest) return [];
  const server = tool.server?.name ?? tool.toolSet ?? '';
  return store.verdicts.filter((e) => e.server === server && e.tool === tool.name && e.digest === digest);
}

/**
 * A folder's store, read again only when its file changed on disk (the language server asks on every hover); what is
 * wrong with it is said once through `log`.
 */
export class StoreReader {
  private cached: { mtimeMs: number; store: VerifiedStore } | undefined;
  private said = new Set<string>();

  constructor(
    private readonly root: string,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  read(): VerifiedStore {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(path.join(this.root, VERIFIED_FILE)).mtimeMs;
    } catch {
      return EMPTY_STORE;
    }
    if (this.cached?.mtimeMs === mtimeMs) return this.cached.store;
    const { store, problem } = readStore(this.root);
    if (problem && !this.said.has(problem)) {
      this.said.add(problem);
      this.log(`${VERIFIED_FILE} is not used: ${problem}`);
    }
    this.cached = { mtimeMs, store };
    return store;
  }
}
