/**
 * Names for tools the SDK does not name at the call (the Vercel AI SDK: the key the tool is placed under):
 * the module's exports first, then the property or variable the call's line assigns to.
 */
import { readFileSync } from 'node:fs';
import type { SourcePoint } from '../../contract';
import type { Recording } from './session';

function nameAmongExports(handle: unknown, ns: Record<string, unknown> | undefined): string | undefined {
  if (!ns || handle === undefined) return undefined;
  const scopes = [ns, ns.default].filter((s): s is Record<string, unknown> => !!s && typeof s === 'object');
  for (const scope of scopes) {
    for (const [key, value] of Object.entries(scope)) {
      if (value === handle && key !== 'default') return key;
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        for (const [inner, member] of Object.entries(value)) if (member === handle) return inner;
      }
    }
  }
  return undefined;
}

/**
 * The export whose object holds the tool (`openaiTools` in `export const openaiTools = { search: tool(...) }`): one
 * of the tool sets a program hands a model, told apart from its alternatives.
 */
export function toolSetOf(handle: unknown, ns: Record<string, unknown> | undefined): string | undefined {
  if (!ns || handle === undefined) return undefined;
  for (const [key, value] of Object.entries(ns)) {
    if (key === 'default' || !value || typeof value !== 'object' || Array.isArray(value)) continue;
    if (Object.values(value).includes(handle)) return key;
  }
  return undefined;
}

function nameAtCallSite(site: SourcePoint | undefined, sources: Record<string, string>): string | undefined {
  if (!site) return undefined;
  let text = sources[site.file];
  if (text === undefined) {
    try {
      text = readFileSync(site.file, 'utf8');
    } catch {
      return undefined;
    }
  }
  const line = text.split(/\r?\n/)[site.line] ?? '';
  // `getWeather: tool(`, `'get-weather': tool(`, `const getWeather = tool(`
  const match = /(?:["']([^"']+)["']|([\p{L}_$][\p{L}\p{N}_$]*))\s*[:=]\s*(?:await\s+)?$/u.exec(line.slice(0, site.character));
  return match ? (match[1] ?? match[2]) : undefined;
}

/** The recording's name, or the best one we can find for it. */
export function nameOf(recording: Recording, ns: Record<string, unknown> | undefined, sources: Record<string, string>): string {
  if (recording.name !== undefined) return recording.name;
  const found = nameAmongExports(recording.handle, ns) ?? nameAtCallSite(recording.callSite, sources);
  if (found) return found;
  return recording.callSite ? `tool at line ${recording.callSite.line + 1}` : 'tool';
}
