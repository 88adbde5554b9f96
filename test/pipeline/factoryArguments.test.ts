/**
 * Arguments built from a factory's parameter types (discover/factoryArguments.ts): what each kind of declared
 * type becomes, on a real ts-morph program over a fixture file.
 */
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFactories } from '../../server/pipeline/discover/factories';
import { isPathName, pathNeededBy, typedFactory, type TypedFactoryCache } from '../../server/pipeline/discover/factoryArguments';
import { WorkspaceProject } from '../../server/pipeline/project';

const typedRoot = path.join(__dirname, '../fixtures/servers-typed');
const kindsRoot = path.join(__dirname, '../fixtures/factory-arguments');

describe('arguments built from parameter types', () => {
  it('fills required values with empty ones, grants every named choice, and leaves other optionals unset', () => {
    const project = new WorkspaceProject(kindsRoot);
    const file = path.join(kindsRoot, 'src/options.ts');
    const [spec] = findFactories(project.sourceFile(file)!);
    const cache: TypedFactoryCache = new Map();
    const typed = typedFactory(project, file, spec, cache);
    expect(typed?.params).toEqual([
      {
        built: {
          object: {
            server: { server: true },
            name: { literal: '' },
            port: { literal: 0 },
            strict: { literal: false },
            mode: { literal: 'fast' },
            toolsets: { array: [{ literal: 'files' }, { literal: 'search' }] },
            regions: { array: [{ literal: 'eu' }, { literal: 'us' }] },
            hooks: { map: true },
            onError: { fn: true },
            extra: { object: {} },
          },
        },
      },
    ]);
    // The same parameters again are answered from the cache, without the type checker.
    expect(cache.size).toBe(1);
    expect(typedFactory(project, file, spec, cache)).toBe(typed);
  });

  it('follows an overloaded function to its implementation, through intersections and imported types', () => {
    const project = new WorkspaceProject(typedRoot);
    const file = path.join(typedRoot, 'src/server.ts');
    const [spec] = findFactories(project.sourceFile(file)!);
    expect(typedFactory(project, file, spec)?.params).toEqual([
      {
        built: {
          object: {
            context: {
              object: {
                token: { literal: 'tsl-placeholder' },
                capabilities: { set: [{ literal: 'read' }, { literal: 'write' }, { literal: 'admin' }] },
                limits: { object: {} },
              },
            },
          },
        },
      },
    ]);
  });

  it('invents no path: a required string named as one leaves the factory uncalled, and says which', () => {
    const project = new WorkspaceProject(kindsRoot);
    const file = path.join(kindsRoot, 'src/paths.ts');
    const [spec] = findFactories(project.sourceFile(file)!);
    const cache: TypedFactoryCache = new Map();
    expect(typedFactory(project, file, spec, cache)).toBeUndefined();
    expect(pathNeededBy(file, spec, cache)).toBe('dataDir');
  });

  it('knows a path by its name: a whole word, a snake_case or camelCase last word', () => {
    const paths = ['root', 'path', 'rootDir', 'dataDir', 'configFile', 'workspaceRoot', 'data_dir', 'outputPath', 'files'];
    const others = ['profile', 'token', 'name', 'apiKey', 'dirty', 'rooted', 'homepage'];
    expect(paths.filter((n) => !isPathName(n))).toEqual([]);
    expect(others.filter(isPathName)).toEqual([]);
  });
});
