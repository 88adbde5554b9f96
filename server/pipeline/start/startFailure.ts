/**
 * A failed start, told by what stopped it rather than by the last thing thrown:
 *
 * - a start that stopped on a connection the check refused (a `fetch` of defaults before the optional tools register)
 *   fails with a `TypeError: fetch failed` that names nothing; the refused connection, at the line that connected, is
 *   its cause, and the tools it registers afterwards are what is missing;
 * - of the variables it read and found unset, one the code gives a default (`?? 'https://…'`) decided nothing, and one
 *   it compares with values (`MODE === 'full'`) is a choice to make, not a key to set (placeholders.ts gives neither a
 *   placeholder).
 */
import { comparedInSources, defaultedInSources } from '../environment/placeholders';
import type { EvaluatedFile } from '../evaluate/contract';

/** `evaluated`, its failure refined by what its sources and the refusals say. */
export function refineStartFailure(evaluated: EvaluatedFile, readSource: (file: string) => string | undefined): EvaluatedFile {
  const failure = evaluated.failure;
  if (!failure || (failure.phase !== 'load' && failure.phase !== 'exit')) return evaluated;
  const sources = evaluated.inputs.filter((f) => !/[\\/]node_modules[\\/]/.test(f)).flatMap((f) => readSource(f) ?? []);
  const unset = (failure.unsetEnv ?? []).filter((name) => !defaultedInSources(name, sources));
  const choices = unset.filter((name) => comparedInSources(name, sources));
  const connection = failure.cause ? undefined : [...(evaluated.refusals ?? [])].reverse().find((r) => r.attempt === 'network');
  const refined: EvaluatedFile = {
    ...evaluated,
    failure: {
      ...failure,
      ...(failure.unsetEnv ? { unsetEnv: unset } : {}),
      ...(choices.length ? { choices } : {}),
      ...(connection
        ? {
            cause: { kind: 'refused-connection' as const, resource: connection.resource ?? 'a host', ...(connection.at ? { module: connection.at.file } : {}) },
            ...(connection.at ? { at: connection.at } : {}),
          }
        : {}),
    },
  };
  // The refused connection is the failure now: not also an information finding at the same call.
  if (connection) refined.refusals = evaluated.refusals!.filter((r) => r !== connection);
  return refined;
}
