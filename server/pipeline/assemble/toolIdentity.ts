/** What identifies a tool across analyses and fronts: never its name alone (two servers may each have a `search`). */
import type { ToolReport } from '../types';

/** A tool's identity: its kind, its name and the place it is registered. */
export function toolIdentity(tool: Pick<ToolReport, 'name' | 'kind' | 'location'>): string {
  const { file, range } = tool.location;
  return `${tool.kind}\0${tool.name}\0${file}:${range.start.line}:${range.start.character}`;
}
