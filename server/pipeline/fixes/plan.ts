import type { Range } from '../syntax/places';

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
