/**
 * What a module left running after its evaluation: timers, sockets, child processes, file requests. Any of them
 * can throw, reject, exit or register later, and would be blamed on the next file of a reused worker; so a worker
 * with more of them than before the file is retired instead of reused.
 */
const activeResources = process.getActiveResourcesInfo.bind(process);

export type ResourceCounts = Map<string, number>;

/** Types the worker's own IPC leaves in flight for a moment (a large tool message being written). */
const OWN_TRAFFIC = new Set(['WriteWrap', 'ShutdownWrap']);

export function resourceCounts(): ResourceCounts {
  const counts: ResourceCounts = new Map();
  for (const type of activeResources()) if (!OWN_TRAFFIC.has(type)) counts.set(type, (counts.get(type) ?? 0) + 1);
  return counts;
}

/** The resource types there are more of now than in `before` (e.g. `Timeout`, `ProcessWrap`). */
export function leftRunning(before: ResourceCounts): string[] {
  const grown: string[] = [];
  for (const [type, count] of resourceCounts()) if (count > (before.get(type) ?? 0)) grown.push(type);
  return grown;
}
