/**
 * Files a bundler loads as text (`import query from './find.sql'`) that Node cannot run: served as their text, by
 * the ES module hooks (hooks.ts) and by CommonJS `require` (commonjs.ts) alike. Any other file Node cannot load is
 * its own URL, as a bundler's file loader gives it.
 */

/** Assets a bundler's text loader would inline. */
export const TEXT_ASSETS = new Set([
  '.sql',
  '.graphql',
  '.gql',
  '.md',
  '.mdx',
  '.txt',
  '.html',
  '.htm',
  '.css',
  '.svg',
  '.yaml',
  '.yml',
  '.toml',
  '.csv',
  '.xml',
  '.prompt',
  '.hbs',
  '.mustache',
  '.njk',
  '.liquid',
  '.ejs',
  '.tpl',
]);
