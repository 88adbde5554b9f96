/** How an error reads in the output channel: the stack when there is one, since these are our bugs to find. */
export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
