/**
 * Typed mirror of the `toolSchemaLens.*` settings declared in package.json (the source of truth; a test
 * keeps the two in step). The language server reads raw values through `workspace/configuration` and
 * normalises them here; the CLI uses the defaults plus its flags.
 */
import type { CollisionWidening, Target } from '../shared/types';
import { severityKeyProblem } from './projectConfig';
import { TARGET_IDS } from '../shared/clients/index';
import type { EngineOptions, FlattenMode, PipelineOptions, SeveritySetting } from './pipeline';

export interface Settings {
  enable: boolean;
  flattenUnionInput: FlattenMode;
  target: Target;
  collisionWidening: CollisionWidening;
  /** Target ids for client-rejects; empty: chosen per tool from its library (see defaultTargets). */
  clients: string[];
  /** Per finding code, and per client rule at a target (`codex/format`). */
  severity: Partial<Record<string, SeveritySetting>>;
  include: string[];
  exclude: string[];
  evaluation: {
    timeoutMs: number;
    memoryMb: number;
    env: Record<string, string>;
    envFile: string;
    argv: string[];
    stubs: string[];
    allowAddons: boolean;
    cache: boolean;
    /** Rerun a start that failed on unset credentials with placeholder values (pipeline/environment/placeholders.ts). */
    placeholders: boolean;
  };
  entryPoints: string[];
  trace: { server: 'off' | 'messages' | 'verbose' };
  /** Token budgets for `over-budget`; 0 turns one off. */
  budget: { tokensPerTool: number; tokensPerServer: number };
  codeLens: { enable: boolean };
  /** A tools snapshot (relative to the workspace folder) the Tool Schemas view compares what ships with; '' none. */
  snapshot: string;
}

export const DEFAULT_SETTINGS: Settings = {
  enable: true,
  flattenUnionInput: 'auto',
  target: 'draft-7',
  collisionWidening: 'unknown',
  clients: [],
  severity: {},
  include: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
  exclude: [
    '**/node_modules/**',
    '**/dist/**',
    '**/build/**',
    '**/out/**',
    // Dot-folders hold bundler and platform output (.next, .output, .vercel, .wrangler, .mastra): a second copy of each tool.
    '**/.*/**',
    '**/*.d.ts',
    '**/*.test.*',
    '**/*.spec.*',
    '**/__tests__/**',
    '**/test/**',
    '**/tests/**',
  ],
  evaluation: { timeoutMs: 5000, memoryMb: 512, env: {}, envFile: '.env', argv: [], stubs: [], allowAddons: false, cache: true, placeholders: true },
  entryPoints: [],
  trace: { server: 'off' },
  // A heavy tool is well over a thousand tokens; 20,000 is a tenth of a 200k window, where Claude Code starts
  // deferring tool schemas.
  budget: { tokensPerTool: 1500, tokensPerServer: 20000 },
  codeLens: { enable: true },
  snapshot: '',
};

const SEVERITY_VALUES: readonly SeveritySetting[] = ['error', 'warning', 'information', 'off'];
const isSeveritySetting = (v: unknown): v is SeveritySetting => (SEVERITY_VALUES as readonly unknown[]).includes(v);

/** Normalise a raw `toolSchemaLens` configuration object; anything malformed falls back to its default. */
export function readSettings(raw: unknown): Settings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const d = DEFAULT_SETTINGS;
  const bool = (v: unknown, dflt: boolean) => (typeof v === 'boolean' ? v : dflt);
  const num = (v: unknown, dflt: number, min: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.max(min, v) : dflt);
  const strings = (v: unknown, dflt: string[]) => (Array.isArray(v) && v.every((s) => typeof s === 'string') ? [...v] : [...dflt]);
  const severity: Settings['severity'] = {};
  if (r.severity && typeof r.severity === 'object') {
    for (const [key, v] of Object.entries(r.severity as Record<string, unknown>)) if (isSeveritySetting(v) && !severityKeyProblem(key)) severity[key] = v;
  }
  const evaluation = (r.evaluation && typeof r.evaluation === 'object' ? r.evaluation : {}) as Record<string, unknown>;
  const trace = (r.trace && typeof r.trace === 'object' ? r.trace : {}) as Record<string, unknown>;
  const budget = (r.budget && typeof r.budget === 'object' ? r.budget : {}) as Record<string, unknown>;
  const codeLens = (r.codeLens && typeof r.codeLens === 'object' ? r.codeLens : {}) as Record<string, unknown>;
  return {
    enable: bool(r.enable, d.enable),
    flattenUnionInput: typeof r.flattenUnionInput === 'boolean' || r.flattenUnionInput === 'auto' ? r.flattenUnionInput : d.flattenUnionInput,
    target: r.target === 'draft-2020-12' || r.target === 'draft-7' ? r.target : d.target,
    collisionWidening:
      r.collisionWidening === 'base-type' || r.collisionWidening === 'unknown' || r.collisionWidening === 'type-array'
        ? r.collisionWidening
        : d.collisionWidening,
    clients: strings(r.clients, d.clients).filter((id) => TARGET_IDS.includes(id)),
    severity,
    include: strings(r.include, d.include),
    exclude: strings(r.exclude, d.exclude),
    evaluation: {
      timeoutMs: num(evaluation.timeoutMs ?? r['evaluation.timeoutMs'], d.evaluation.timeoutMs, 100),
      memoryMb: num(evaluation.memoryMb ?? r['evaluation.memoryMb'], d.evaluation.memoryMb, 64),
      env: stringMap(evaluation.env ?? r['evaluation.env']),
      argv: strings(evaluation.argv ?? r['evaluation.argv'], d.evaluation.argv),
      stubs: strings(evaluation.stubs ?? r['evaluation.stubs'], d.evaluation.stubs),
      allowAddons: bool(evaluation.allowAddons ?? r['evaluation.allowAddons'], d.evaluation.allowAddons),
      cache: bool(evaluation.cache ?? r['evaluation.cache'], d.evaluation.cache),
      placeholders: bool(evaluation.placeholders ?? r['evaluation.placeholders'], d.evaluation.placeholders),
      envFile:
        typeof (evaluation.envFile ?? r['evaluation.envFile']) === 'string' ? String(evaluation.envFile ?? r['evaluation.envFile']) : d.evaluation.envFile,
    },
    entryPoints: strings(r.entryPoints, d.entryPoints),
    trace: { server: trace.server === 'messages' || trace.server === 'verbose' ? trace.server : 'off' },
    budget: {
      tokensPerTool: Math.round(num(budget.tokensPerTool ?? r['budget.tokensPerTool'], d.budget.tokensPerTool, 0)),
      tokensPerServer: Math.round(num(budget.tokensPerServer ?? r['budget.tokensPerServer'], d.budget.tokensPerServer, 0)),
    },
    codeLens: { enable: bool(codeLens.enable ?? r['codeLens.enable'], d.codeLens.enable) },
    snapshot: typeof r.snapshot === 'string' ? r.snapshot.trim() : d.snapshot,
  };
}

/**
 * Settings in layers, later layers winning key by key: the project file, then what the editor says the user set.
 * Objects (severity, evaluation, budget) merge; any other value, a list included, replaces.
 */
export function layerSettings(...layers: unknown[]): Settings {
  return readSettings(layers.reduce<Record<string, unknown>>((merged, layer) => mergeLayer(merged, layer), {}));
}

function mergeLayer(base: Record<string, unknown>, layer: unknown, top = true): Record<string, unknown> {
  if (!isPlainObject(layer)) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(layer)) {
    if (value === undefined || value === null) continue;
    // `evaluation.timeoutMs` as one key (some clients send settings flat) is `evaluation: { timeoutMs }`.
    const dot = key.indexOf('.');
    if (top && dot > 0) {
      out[key.slice(0, dot)] = mergeLayer(
        isPlainObject(out[key.slice(0, dot)]) ? (out[key.slice(0, dot)] as Record<string, unknown>) : {},
        { [key.slice(dot + 1)]: value },
        false,
      );
      continue;
    }
    out[key] = isPlainObject(value) && isPlainObject(out[key]) ? mergeLayer(out[key], value, false) : value;
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function stringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (v && typeof v === 'object' && !Array.isArray(v)) for (const [k, value] of Object.entries(v)) if (typeof value === 'string') out[k] = value;
  return out;
}

/** The engine options these settings imply: the one place a setting becomes an engine option. */
export function engineOptions(settings: Settings): EngineOptions {
  return { flattenUnionInput: settings.flattenUnionInput, target: settings.target, collisionWidening: settings.collisionWidening };
}

/** The pipeline options these settings imply for one workspace root. */
export function pipelineOptions(settings: Settings, root: string, trusted: boolean): PipelineOptions {
  return {
    root,
    engine: engineOptions(settings),
    clients: settings.clients,
    timeoutMs: settings.evaluation.timeoutMs,
    memoryMb: settings.evaluation.memoryMb,
    include: settings.include,
    exclude: settings.exclude,
    severities: settings.severity,
    trusted,
    budget: settings.budget,
    entryPoints: settings.entryPoints,
    env: settings.evaluation.env,
    envFile: settings.evaluation.envFile,
    argv: settings.evaluation.argv,
    stubs: settings.evaluation.stubs,
    allowAddons: settings.evaluation.allowAddons,
    placeholders: settings.evaluation.placeholders,
  };
}
