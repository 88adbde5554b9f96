/** Tools snapshots and what changed between two: the CLI's `snapshot`, `diff` and `check --baseline`, and the editor's marks. */
export { canonicalJson, digestOf } from './canonicalJson';
export { buildSnapshot, parseSnapshot, snapshotText, type Snapshot, type SnapshotServer, type SnapshotTool } from './snapshot';
export { snapshotOfTools, snapshotToolOf, type SnapshotSourceTool } from './fromTools';
export { driftBetween, worstClass, type ChangeClass, type SchemaChange, type ToolDrift } from './drift';
export { driftCounts, driftView, type DriftView } from './view';
