/** What a planned fix is: plain edits a front turns into its own kind of edit. */
import type { Range } from '../types';

/** One edit in one file. */
export interface PlannedEdit {
  file: string;
  range: Range;
  newText: string;
}

/** A mechanical fix: its title (the action, as the user picks it) and its edits. */
export interface PlannedFix {
  title: string;
  edits: PlannedEdit[];
}

/** The text of a file as the analysis read it (an open buffer's, else the disk's), or undefined. */
export type TextOf = (file: string) => string | undefined;
