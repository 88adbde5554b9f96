import type { Diagnostic } from '../assemble/report';
import type { Location } from '../syntax/places';

/** Place, code and message: the same finding reached from two entries or two roots is one. */
export function diagnosticKey(d: Diagnostic): string {
  return `${placeKey(d.file, d.range)}\0${d.code}\0${d.message}`;
}

/** A range in a file, as a key. */
export function placeKey(file: string, range: Location['range']): string {
  return `${file}:${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character}`;
}
