/**
 * The profiles are the one source of truth for client rules: every rule says what it checks, what the target
 * does, where that was seen and when it was last confirmed; docs/clients.md's table and the manifest's list of
 * targets are generated from them or kept equal to them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROFILES, TARGET_IDS } from '../../../shared/clients/index';
import { CHECKS } from '../../../shared/clients/checks';
// @ts-expect-error: a plain .mjs script without type declarations
import { clientsTable, incidentsPage, pageIncidents, readmeClientsTable } from '../../../scripts/clients-table.mjs';
import { INCIDENTS } from '../../../shared/clients/incidents/index';

const root = join(__dirname, '..', '..', '..');

describe('the client profiles', () => {
  it('every rule has a check, a public source URL, a confirmation date, its kind of evidence and a consequence', () => {
    for (const p of PROFILES) {
      for (const r of p.rules) {
        const where = `${p.id} ${r.id}`;
        expect(CHECKS[r.id], where).toBeTypeOf('function');
        expect(r.source, where).toMatch(/^https:\/\/[^\s]+$/);
        expect(r.confirmed, where).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(['request-rejected', 'all-tools-dropped', 'listing-refused', 'tool-dropped', 'calls-rejected', 'rewritten', 'warned'], where).toContain(
          r.consequence,
        );
        expect(r.checks.length, where).toBeGreaterThan(5);
        expect(['documented', 'sdk-source', 'observed', 'inferred'], where).toContain(r.evidence);
        // A documented or SDK rule cites the target's documentation or code; an observed one, a public thread.
        if (r.evidence === 'observed') expect(r.source, where).toMatch(/\/(issues|pull|discussions)\/\d+|community\.|\/t\//);
      }
    }
  });

  it('ids and labels are unique, and a target has one rule per id and schema part', () => {
    expect(new Set(TARGET_IDS).size).toBe(PROFILES.length);
    expect(new Set(PROFILES.map((p) => p.label)).size).toBe(PROFILES.length);
    for (const p of PROFILES) {
      const keys = p.rules.map((r) => `${r.id}:${(r.parts ?? ['input']).join('+')}`);
      expect(new Set(keys).size, p.id).toBe(keys.length);
    }
  });

  it('the MCP clients judged by default are every client but the opt-in ones', async () => {
    const { MCP_CLIENTS } = await import('../../../shared/clients/index');
    expect(MCP_CLIENTS).toEqual(PROFILES.filter((p) => p.kind === 'client' && !p.optIn).map((p) => p.id));
    expect(MCP_CLIENTS).not.toContain('azure-foundry');
    expect(MCP_CLIENTS).toContain('antigravity');
  });

  it('the manifest offers exactly these targets for toolSchemaLens.clients', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(manifest.contributes.configuration.properties['toolSchemaLens.clients'].items.enum).toEqual([...TARGET_IDS]);
  });
});

describe('docs/incidents.md', () => {
  it('is exactly the page generated from the catalog (run `npm run docs:clients` when this fails)', () => {
    const page = readFileSync(join(root, 'docs', 'incidents.md'), 'utf8');
    expect(pageIncidents(page)).toBe(incidentsPage(PROFILES, INCIDENTS));
    for (const i of INCIDENTS) expect(page).toContain(i.thread);
  });
});

describe('the clients table of docs/clients.md', () => {
  it('is exactly the table generated from the profiles (run `npm run docs:clients` when this fails)', () => {
    const page = readFileSync(join(root, 'docs', 'clients.md'), 'utf8');
    const table = readmeClientsTable(page);
    expect(table, 'docs/clients.md has no <!-- clients:start --> … <!-- clients:end --> block').toBeDefined();
    expect(table).toBe(clientsTable(PROFILES, INCIDENTS));
  });

  it('counts, for each rule, the incidents of the catalog that show it', () => {
    const rows = (clientsTable(PROFILES, INCIDENTS) as string).split('\n').filter((l) => l.startsWith('| `claude-code` | `root-combinator`'));
    const shown = INCIDENTS.filter((i) => i.target === 'claude-code' && i.rule === 'root-combinator').length;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`| [${shown}](incidents.md#claude-code) |`);
    expect(rows[0]).toContain('tool dropped; until 2026-09: request rejected');
  });

  it('has a row per rule of every target', () => {
    const rows = (clientsTable(PROFILES, INCIDENTS) as string).split('\n').filter((l) => l.startsWith('| `'));
    expect(rows).toHaveLength(PROFILES.reduce((n, p) => n + p.rules.length, 0));
  });
});
