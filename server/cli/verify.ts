/**
 * `verify`: the workspace's tools sent to the user's own providers, exactly as each receives them, and what each
 * answered beside what its profile predicts. The check runs first (the same tools and definitions as `check`), the
 * cost is shown before anything is sent and sent only on a yes (`--yes`, or an answer on the terminal), the answers
 * are kept in each checked folder's toolschemalens.verified.json, and a disagreement is a `verdict-drift` finding.
 * Keys are read from the environment and go to the SDKs only: never printed, logged or written.
 */
import * as path from 'node:path';
import { countNotEvaluated, type Diagnostic } from '../pipeline';
import { readProjectConfig } from '../projectConfig';
import { planProvider, type ProviderPlan } from '../verify';
import { apiOf, APIS, isProviderId, keyOf, PROVIDER_IDS, providerLabel, setupOf, type PerProvider, type ProviderId, type ProviderSetup } from '../verify';
import { verifyToolOf, type VerifyTool } from '../verify';
import { runPlans, type ProviderOutcome } from '../verify';
import { mergeStore, readStore, VERIFIED_FILE, writeStore, type StoredVerdict } from '../verify';
import { verdictDriftDiagnostics } from '../verify';
import type { Command } from './args';
import { checkedRoots, runCheck } from './check';
import type { CommandLineIo } from './io';
import { displayPath, type CheckedTool } from './report';
import { formatDiagnosticLine } from './formatText';

type VerifyCommand = Extract<Command, { kind: 'verify' }>;

export async function runVerify(command: VerifyCommand, io: CommandLineIo): Promise<number> {
  const say = (text: string) => io.stderr(`tool-schema-lens: ${text}\n`);
  const roots = checkedRoots(io.cwd, command.check.paths);
  const project = readProjectConfig(roots[0])?.section.verify as { providers?: string[]; models?: PerProvider } | undefined;
  const models = { ...project?.models, ...command.models };
  // Whom to send to: named, else the project's, else every provider whose key is set. A named one needs its key now,
  // before the check spends its time.
  const named = command.providers.length ? command.providers : (project?.providers ?? []).filter(isProviderId);
  const providers = named.length ? named : PROVIDER_IDS.filter((p) => keyOf(p, io.env) !== undefined);
  if (providers.length === 0) {
    say(
      `no provider to verify against: set a key (${Object.values(APIS)
        .map((a) => a.keyVars.join(' or '))
        .join(', ')}) or name one with --provider`,
    );
    return 2;
  }
  const setups = new Map<ProviderId, ProviderSetup>();
  for (const provider of providers) {
    const key = keyOf(provider, io.env);
    if (key === undefined) {
      say(`no key for ${providerLabel(provider)}: set ${APIS[apiOf(provider)].keyVars.join(' or ')}, or leave it out of --provider`);
      return 2;
    }
    setups.set(provider, setupOf(provider, key, models, command.baseUrls, io.env));
  }

  const report = await runCheck({ cwd: io.cwd, ...command.check, ...(io.evaluators ? { evaluators: io.evaluators } : {}) });
  const notEvaluated = countNotEvaluated(report.diagnostics).files;
  if (notEvaluated) say(`${notEvaluated} file(s) could not be evaluated; their tools are not sent (\`tool-schema-lens check\` says why)`);
  const plans = providers.map((p) => planProvider(p, setups.get(p)!.model, toolsFor(report.tools, p)));
  if (plans.every((p) => p.tools.length === 0)) {
    say('no tool to verify: the check found none that a host sends (see `tool-schema-lens check`)');
    return 1;
  }
  io.stderr(costText(plans));
  if (!command.yes) {
    if (!io.confirm) {
      say('nothing sent: verify sends paid requests only when told; run it again with --yes (there is no terminal to ask on)');
      return 2;
    }
    if (!(await io.confirm('Send these requests? [y/N] '))) {
      say('nothing sent');
      return 2;
    }
  }

  const date = io.today?.() ?? new Date().toISOString().slice(0, 10);
  const outcomes = await runPlans(plans, setups, {
    date,
    ...(command.maxRequests !== undefined ? { maxRequests: command.maxRequests } : {}),
    onWait: (provider, ms, status) => say(`${providerLabel(provider)} answered ${status}; waiting ${Math.ceil(ms / 1000)} s before trying again`),
  });
  // An answer goes in the store of the folder its tool was checked in.
  const rootOfTool = new Map(
    plans.flatMap((p) => p.tools.map((t) => [`${t.server}\u0000${t.name}\u0000${t.digest}`, rootOf(roots, t.location.file)] as const)),
  );
  const stores = storeAnswers(
    roots,
    outcomes.flatMap((o) => o.answers),
    (a) => rootOfTool.get(`${a.server}\u0000${a.tool}\u0000${a.digest}`),
  );
  const drift = roots.flatMap((root) =>
    verdictDriftDiagnostics(
      report.tools.filter((t) => rootOf(roots, t.location.file) === root),
      stores.get(root) ?? readStore(root).store,
      (readProjectConfig(root)?.section.severity ?? {}) as Record<string, 'error' | 'warning' | 'information' | 'off'>,
    ),
  );
  const fresh = drift.filter((d) => outcomes.some((o) => o.answers.some((a) => a.tool === d.tool && d.targets?.includes(a.provider))));
  for (const o of outcomes) if (o.failure) say(`${o.failure}; the stored answers of the tools it did not answer are unchanged`);
  for (const o of outcomes) if (o.unsent) say(`${providerLabel(o.provider)}: ${o.unsent} tool(s) not sent: --max-requests ${command.maxRequests} reached`);
  const written = [...stores.keys()].map((root) => displayPath(io.cwd, path.join(root, VERIFIED_FILE)));
  await io.stdout(command.format === 'json' ? jsonReport(outcomes, fresh, io.cwd, written) : textReport(outcomes, fresh, io.cwd, written));
  if (outcomes.some((o) => o.failure)) return 2;
  return fresh.length ? 1 : 0;
}

/** The tools a host sends, as `provider` receives them. */
function toolsFor(tools: readonly CheckedTool[], provider: ProviderId): VerifyTool[] {
  return tools.flatMap((t) => verifyToolOf(t, provider) ?? []);
}

/** The checked folder a file belongs to: the longest root holding it. */
function rootOf(roots: readonly string[], file: string): string | undefined {
  return roots.filter((r) => file === r || file.startsWith(r + path.sep)).sort((a, b) => b.length - a.length)[0] ?? roots[0];
}

/** Each answer into the store of the folder its tool was checked in; the stores written, by folder. */
function storeAnswers(
  roots: readonly string[],
  answers: readonly StoredVerdict[],
  rootOfAnswer: (a: StoredVerdict) => string | undefined,
): Map<string, ReturnType<typeof mergeStore>> {
  const written = new Map<string, ReturnType<typeof mergeStore>>();
  for (const root of roots) {
    const mine = answers.filter((a) => (rootOfAnswer(a) ?? roots[0]) === root);
    if (mine.length === 0) continue;
    const store = mergeStore(readStore(root).store, mine);
    writeStore(root, store);
    written.set(root, store);
  }
  return written;
}

const number = (n: number) => n.toLocaleString('en-US');

/** What will be sent, per provider: shown before anything is. */
export function costText(plans: readonly ProviderPlan[]): string {
  const lines = [`verify sends, per provider (input tokens: an o200k_base estimate of the prompt and the tools as sent):`];
  const width = Math.max(...plans.map((p) => providerLabel(p.provider).length));
  const requests = (n: number) => `${number(n)} request${n === 1 ? '' : 's'}`;
  for (const p of plans) {
    const alone = !p.predictedRefused
      ? ''
      : p.refusedTogether
        ? ` (${number(p.predictedRefused)} predicted refused, together: its refusal names each)`
        : ` (${number(p.predictedRefused)} alone: a refusal is predicted)`;
    const most =
      p.mostRequests > p.requests ? ` (at most ${requests(p.mostRequests)}, ~${number(p.mostInputTokens)} tokens, if a request is refused unpredicted)` : '';
    lines.push(
      `  ${providerLabel(p.provider).padEnd(width)}  ${p.model}: ${number(p.tools.length)} tools, ${requests(p.requests)}${alone}, ~${number(p.inputTokens)} input tokens${most}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function textReport(outcomes: readonly ProviderOutcome[], drift: readonly Diagnostic[], cwd: string, written: readonly string[]): string {
  const lines: string[] = [];
  for (const o of outcomes) {
    lines.push(`${providerLabel(o.provider)} · ${o.model} · ${o.sdk} · ${o.requests} request${o.requests === 1 ? '' : 's'}`);
    const width = Math.max(0, ...o.answers.map((a) => a.tool.length));
    for (const a of o.answers) {
      const predicted = a.predicted.length ? `predicted refused: ${a.predicted.join(', ')}` : 'predicted: loads';
      const drifted = a.accepted === a.predicted.length > 0 ? '  ← verdict-drift' : '';
      lines.push(`  ${a.accepted ? '✓' : '✗'} ${a.tool.padEnd(width)}  ${a.accepted ? 'accepted' : `refused: ${a.error ?? ''}`} (${predicted})${drifted}`);
    }
    for (const t of o.refusedTogether) lines.push(`  note: refused together, each accepted alone: ${t.tools.join(', ')} (${t.error})`);
    if (o.failure) lines.push(`  ${o.failure}`);
  }
  if (drift.length) lines.push('', ...drift.map((d) => formatDiagnosticLine(d, cwd)));
  const answered = outcomes.reduce((n, o) => n + o.answers.length, 0);
  const refused = outcomes.reduce((n, o) => n + o.answers.filter((a) => !a.accepted).length, 0);
  lines.push(
    '',
    `${answered} answer${answered === 1 ? '' : 's'} from ${outcomes.length} provider${outcomes.length === 1 ? '' : 's'}: ${answered - refused} accepted, ${refused} refused, ${drift.length} verdict-drift${written.length ? `; kept in ${written.join(', ')}` : ''}`,
  );
  return `${lines.join('\n')}\n`;
}

function jsonReport(outcomes: readonly ProviderOutcome[], drift: readonly Diagnostic[], cwd: string, written: readonly string[]): string {
  const out = {
    providers: outcomes.map((o) => ({
      provider: o.provider,
      model: o.model,
      sdk: o.sdk,
      requests: o.requests,
      ...(o.failure ? { failure: o.failure } : {}),
      ...(o.unsent ? { unsent: o.unsent } : {}),
      tools: o.answers.map((a) => ({
        server: a.server,
        name: a.tool,
        date: a.date,
        accepted: a.accepted,
        ...(a.error !== undefined ? { error: a.error } : {}),
        predicted: { loads: a.predicted.length === 0, broken: a.predicted },
      })),
      ...(o.refusedTogether.length ? { refusedTogether: o.refusedTogether } : {}),
    })),
    diagnostics: drift.map((d) => ({
      file: displayPath(cwd, d.file),
      line: d.range.start.line + 1,
      column: d.range.start.character + 1,
      severity: d.severity,
      code: d.code,
      tool: d.tool ?? null,
      targets: d.targets ?? [],
      message: d.message,
    })),
    stored: written,
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}
