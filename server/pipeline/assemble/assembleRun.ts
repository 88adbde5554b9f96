/** The assemble stage of one analysis: each analysed file's evaluation matched to its sites and placed, in order. */
import * as path from 'node:path';
import { preloadTokenizer } from '../tokens';
import type { EvaluatedFile } from '../evaluate/contract';
import type { Overlay } from '../run/contract';
import { checkCancelled, type RunContext } from '../run/context';
import type { RunLog } from '../run/runLog';
import { yieldToEventLoop } from '../run/scheduling';
import { assembleFile, type AssembledFile } from './assemble';

/** Assembles one file (its evaluation absent in an untrusted workspace). */
export function assembleOne(ctx: RunContext, file: string, evaluated: EvaluatedFile | undefined): AssembledFile {
  const { options } = ctx;
  return assembleFile({
    file,
    version: findOverlay(ctx.overlays, file)?.version,
    sitesOf: ctx.discovery.sitesOf,
    evaluated,
    untrusted: !options.trusted,
    severities: options.severities,
    locator: ctx.locator,
    discoverMs: ctx.discovery.msOf(file),
    clients: options.clients,
    budget: options.budget,
  });
}

/** Assembles every analysed file as its evaluation ends, in the order they were analysed. */
export async function assembleRun(ctx: RunContext, log: RunLog): Promise<AssembledFile[]> {
  const trusted = ctx.options.trusted;
  const assembled: AssembledFile[] = [];
  for (const file of log.analysed) {
    // This thread would only wait for the worker here: the tokenizer's ranks, which the first count needs and which
    // take a few hundred ms to load, load now and not after (a one-file check spent its last 0.4 s on them).
    if (trusted && !log.settled.has(file)) preloadTokenizer();
    const evaluated = trusted ? await log.evaluations.get(file)! : undefined;
    // Placing a file's findings takes milliseconds of this thread; between files the workers' messages (a result
    // that frees a worker for its next job, a transform it waits on) are answered, not queued behind a burst.
    if (trusted) await yieldToEventLoop();
    checkCancelled(ctx);
    assembled.push(assembleOne(ctx, file, evaluated));
  }
  return assembled;
}

function findOverlay(overlays: ReadonlyMap<string, Overlay> | undefined, file: string): Overlay | undefined {
  if (!overlays) return undefined;
  for (const [f, o] of overlays) if (path.resolve(f) === file) return o;
  return undefined;
}
