import type { ToolReport } from './report';

/** A tool's identity: its kind, its name and the place it is registered. */
export function toolIdentity(tool: Pick<ToolReport, 'name' | 'kind' | 'location'>): string {
  const { file, range } = tool.location;
  return `${tool.kind}\0${tool.name}\0${file}:${range.start.line}:${range.start.character}`;
}
