/**
 * The manifest's settings and commands are complete and documented: every setting has a scope and a
 * markdown description, enums explain their values, trust-restricted settings exist, and docs/settings.md's
 * settings table is the one `npm run docs:settings` generates from package.json.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FINDING_CODES } from '../../shared/findings';
// @ts-expect-error: a plain .mjs script without type declarations
import { loadFindings, severityProperties } from '../../scripts/findings-tables.mjs';
import { DEFAULT_SETTINGS, readSettings } from '../../server/settings';
// @ts-expect-error: a plain .mjs script without type declarations
import { readmeSettingsTable, settingsTable } from '../../scripts/settings-table.mjs';

const root = join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const properties: Record<string, any> = manifest.contributes.configuration.properties;

describe('the settings table of docs/settings.md', () => {
  it('is exactly the table generated from package.json (run `npm run docs:settings` when this fails)', () => {
    const page = readFileSync(join(root, 'docs', 'settings.md'), 'utf8');
    const table = readmeSettingsTable(page);
    expect(table, 'docs/settings.md has no <!-- settings:start --> … <!-- settings:end --> block').toBeDefined();
    expect(table).toBe(settingsTable(manifest));
  });

  it('has one row per declared setting', () => {
    const rows = (settingsTable(manifest) as string).split('\n').filter((l) => l.startsWith('| `'));
    expect(rows.map((r) => /^\| `([^`]+)`/.exec(r)![1])).toEqual(Object.keys(properties));
  });
});

describe('the declared settings', () => {
  it('each have a scope, a markdown description and a default', () => {
    for (const [name, prop] of Object.entries(properties)) {
      expect(prop.scope, name).toMatch(/^(application|machine|machine-overridable|window|resource|language-overridable)$/);
      expect(prop.markdownDescription, name).toBeTruthy();
      expect('default' in prop, name).toBe(true);
    }
  });

  it('explain every enum value, nested ones too', () => {
    const check = (name: string, prop: any) => {
      if (prop.enum) expect(prop.enumDescriptions ?? prop.markdownEnumDescriptions, name).toHaveLength(prop.enum.length);
      for (const [key, sub] of Object.entries(prop.properties ?? {})) check(`${name}.${key}`, sub);
    };
    for (const [name, prop] of Object.entries(properties)) check(name, prop);
  });

  it('restrict in untrusted workspaces exactly the settings that decide what code runs', () => {
    const restricted: string[] = manifest.capabilities.untrustedWorkspaces.restrictedConfigurations;
    for (const name of restricted) expect(Object.keys(properties), name).toContain(name);
    const executionSettings = Object.keys(properties).filter((n) => /^toolSchemaLens\.(enable|include|exclude|entryPoints)$|\.evaluation\./.test(n));
    expect([...restricted].sort()).toEqual(executionSettings.sort());
  });
});

describe('the typed mirror in server/settings.ts', () => {
  const PREFIX = 'toolSchemaLens.';
  const at = (path: string) => path.split('.').reduce<any>((o, k) => (o == null ? undefined : o[k]), DEFAULT_SETTINGS);

  it('has the manifest default for every declared setting', () => {
    for (const [name, prop] of Object.entries(properties)) {
      expect(name.startsWith(PREFIX), name).toBe(true);
      expect(at(name.slice(PREFIX.length)), name).toEqual(prop.default);
    }
  });

  it('declares nothing the manifest does not', () => {
    const leaves = (o: object, path: string[] = []): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' && !Array.isArray(v) && k !== 'severity' && k !== 'env' ? leaves(v, [...path, k]) : [[...path, k].join('.')],
      );
    expect(
      leaves(DEFAULT_SETTINGS)
        .map((l) => PREFIX + l)
        .sort(),
    ).toEqual(Object.keys(properties).sort());
  });

  it('reads the manifest defaults, as VS Code sends them, back to DEFAULT_SETTINGS', () => {
    const sent: Record<string, unknown> = {};
    for (const [name, prop] of Object.entries(properties)) {
      const path = name.slice(PREFIX.length).split('.');
      let o: any = sent;
      for (const k of path.slice(0, -1)) o = o[k] ??= {};
      o[path[path.length - 1]] = prop.default;
    }
    expect(readSettings(sent)).toEqual(DEFAULT_SETTINGS);
  });

  it('offers a severity for exactly the finding codes', () => {
    expect(Object.keys(properties['toolSchemaLens.severity'].properties).sort()).toEqual([...FINDING_CODES].sort());
  });

  it("has each code's severity setting as its finding file defines it (run `npm run docs:findings` when this fails)", async () => {
    expect(properties['toolSchemaLens.severity'].properties).toEqual(severityProperties(await loadFindings()));
  });
});

describe('the contributed commands', () => {
  // Command ids the server names too (a code lens runs Show Advertised Schema) live in the shared protocol module.
  const clientSource = [
    'client/extension.ts',
    'client/statusBar.ts',
    'client/showAdvertisedSchema.ts',
    'client/compareSchemas.ts',
    'client/toolsView.ts',
    'protocol/index.ts',
  ]
    .map((f) => readFileSync(join(root, f), 'utf8'))
    .join('\n');

  it('are in the "Tool Schema Lens" category and registered by the client', () => {
    for (const command of manifest.contributes.commands) {
      expect(command.category, command.command).toBe('Tool Schema Lens');
      expect(clientSource, `${command.command} is never registered`).toContain(`'${command.command}'`);
    }
  });
});
