// The pipeline options the CLI uses by default (server/settings.ts DEFAULT_SETTINGS → pipelineOptions), for plain-Node benches.
export const DEFAULT_SETTINGS = {
  flattenUnionInput: true,
  target: 'draft-7',
  timeoutMs: 5000,
  memoryMb: 512,
  include: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
  exclude: ['**/node_modules/**', '**/dist/**', '**/build/**', '**/out/**', '**/*.d.ts'],
  severities: {},
};
