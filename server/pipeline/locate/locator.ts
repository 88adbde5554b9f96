/**
 * The locate stage as assembly sees it: finding sites → source ranges through the shared ts-morph
 * project (locate/). Every site gets a place: the exact anchor, else the nearest node the trail
 * reached, else the tool: its registration when that names it, else its definition (a registry entry's `name`).
 */
import * as path from 'node:path';
import type { Locator, ToolPlace } from '../assemble/assemble';
import { locateSite, reachSite, rootsOf, suggestRename, toolLocation, type SchemaRoots } from './index';
import type { WorkspaceProject } from '../project/project';
import type { FindingSite } from '../../../shared/types';
import type { Location, Range } from '../syntax/places';
import type { SourceDefinition } from '../assemble/report';
import { contains } from '../assemble/match';
import { createdRoots } from './createdAt';
import { toolDefinitionNode } from './toolDefinition';
import { definitionAround, definitionAtName } from './definedAt';
import { filePathOf, locationOf } from '../syntax';
import type { Node } from 'ts-morph';

/** `definitionsIn`: the files where a tool's own definition (`ToolReport.definedAt`) is worth placing (the open buffers); default none. */
export function createLocator(project: WorkspaceProject, definitionsIn: (file: string) => boolean = () => false): Locator {
  const roots = new Map<ToolPlace, SchemaRoots[]>();
  // A schema created outside the registration's own argument (a helper, a registry, a factory) is followed from
  // where it was created; one built inside the call is followed from the call's argument, as discovery found it.
  // Each root is tried in turn; the registration's argument last.
  const created = (place: ToolPlace): SchemaRoots[] => {
    const at = place.tool.inputSite;
    if (!at) return [];
    const call = at.call;
    if (call && place.site && place.siteFile && path.resolve(place.siteFile) === path.resolve(call.file) && contains(place.site.range, call)) return [];
    return createdRoots(at, (file) => project.sourceFile(path.resolve(file))).map((input) => ({ input }));
  };
  const rootsFor = (place: ToolPlace): SchemaRoots[] => {
    let found = roots.get(place);
    if (!found) {
      const sourceFile = place.site && place.siteFile ? project.sourceFile(place.siteFile) : undefined;
      found = [...created(place), ...(sourceFile && place.site ? [rootsOf(sourceFile, place.site)] : [])];
      roots.set(place, found);
    }
    return found;
  };
  const exact = (place: ToolPlace, site: FindingSite): Location | null => {
    for (const r of rootsFor(place)) {
      const at = locateSite(r, site);
      if (at) return at;
    }
    return null;
  };
  // Where the tool is: the registration that names it; one a loop or a helper shares names no tool, and the
  // tool's definition (a registry entry's `name: '...'`) is where it is, when one literal says so.
  // One analysis reads each file once, however many tools look for their definition in it.
  const texts = new Map<string, string | undefined>();
  const textOf = (file: string) => {
    if (!texts.has(file)) texts.set(file, project.readText(file));
    return texts.get(file);
  };
  const definitionNodes = new Map<ToolPlace, Node | null>();
  const definitionNode = (place: ToolPlace): Node | null => {
    if (!definitionNodes.has(place)) {
      const near = rootsFor(place).flatMap((r) => (r.input ? [r.input.getSourceFile().getFilePath() as string] : []));
      definitionNodes.set(
        place,
        toolDefinitionNode(place.tool.name, {
          near,
          ran: (place.inputs ?? []).map((f) => path.resolve(f)),
          textOf,
          sourceFile: (f) => project.sourceFile(f),
        }),
      );
    }
    return definitionNodes.get(place)!;
  };
  const definition = (place: ToolPlace): Location | null => {
    const node = definitionNode(place);
    return node ? locationOf(node) : null;
  };
  // Where the tool was written, for the editor: the schema expression its input was created at and the tool object
  // around it, when that lies outside the registration's own argument.
  const definedAts = new Map<ToolPlace, SourceDefinition | undefined>();
  const definedAt = (place: ToolPlace, advertised: unknown): SourceDefinition | undefined => {
    if (!definedAts.has(place)) {
      const at = place.tool.inputSite;
      const file = at?.call?.file ?? at?.members?.[0]?.file;
      const input = file && definitionsIn(file) ? created(place)[0]?.input : undefined;
      let found: SourceDefinition | undefined;
      try {
        found = input ? definitionAround(input, advertised, place.tool.name) : undefined;
        // No zod schema of its own (`inputSchema: {}`) in a loop or helper's registration: the registry entry or class
        // that names it is still its place (the same search that places its findings; a named registration is its own).
        const shared = !(place.site && place.site.name !== undefined);
        const named = found || !shared ? undefined : definitionNode(place);
        if (named && definitionsIn(filePathOf(named.getSourceFile()))) found = definitionAtName(named);
      } catch {
        found = undefined; // half-typed source mid-edit: the tool is known at its registration only
      }
      definedAts.set(place, found);
    }
    return definedAts.get(place);
  };
  const registration = (place: ToolPlace): Location => {
    if (place.site && place.siteFile && place.site.name !== undefined) return toolLocation(place.siteFile, place.site);
    return definition(place) ?? (place.site && place.siteFile ? toolLocation(place.siteFile, place.site) : place.location);
  };

  return {
    locate(place, site) {
      if (site.anchor === 'tool') return registration(place);
      // Exact from any root, else the nearest node the first root reaches, else the registration.
      return exact(place, site) ?? reachSite(rootsFor(place)[0], site)?.location ?? registration(place);
    },
    locateExact: exact,
    definedAt,
    suggestRename(place, _site, key, variant, discriminator) {
      // Names already used in that union: every key its variants declare (the engine reports a merge per key).
      const finding = place.tool.findings.find((f) => f.key === key && f.discriminator === discriminator);
      const unionPath = (finding?.path ?? [key]).slice(0, -1).join('\0');
      const taken = new Set<string>([discriminator]);
      for (const m of place.tool.merges) if (m.discriminator === discriminator && m.path.slice(0, -1).join('\0') === unionPath) taken.add(m.key);
      return suggestRename(key, variant, taken);
    },
    firstLine: (file) => firstLineRange(project.readText(path.resolve(file))),
    pointAt: (file, line, character) => wordRange(project.readText(path.resolve(file)), line, character),
  };
}

/** The first line of a text, without its line break (an empty range for an empty or missing file). */
export function firstLineRange(text: string | undefined): Range {
  const firstLine = (text ?? '').split(/\r?\n/, 1)[0] ?? '';
  return { start: { line: 0, character: 0 }, end: { line: 0, character: firstLine.length } };
}

/** The string literal, identifier or single character at a 0-based point; an empty range past the end of its line. */
export function wordRange(text: string | undefined, line: number, character: number): Range {
  const lineText = (text ?? '').split(/\r?\n/)[line] ?? '';
  const start = { line, character };
  if (character >= lineText.length) return { start, end: start };
  const rest = lineText.slice(character);
  // A string literal (a module specifier esbuild could not resolve) is underlined whole.
  const token = /^(['"`])(?:\\.|(?!\1).)*\1/.exec(rest) ?? /^[\p{L}\p{N}_$]+/u.exec(rest);
  return { start, end: { line, character: character + (token ? token[0].length : 1) } };
}
