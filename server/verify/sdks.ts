/**
 * Loads the SDK bundle on the first send (sdkBundle.ts): `verify` alone pays for it. In the server bundle it is
 * required at run time as `./providerSdks.js` beside it (esbuild.mjs); a missing one is a broken install.
 */
export type ProviderSdks = typeof import('./sdkBundle');

/** Set by the build of the server bundle: the SDKs are a file beside it, not a module of the source tree. */
declare const __PROVIDER_SDKS_BESIDE__: boolean | undefined;

let loaded: Promise<ProviderSdks> | undefined;

export function loadSdks(): Promise<ProviderSdks> {
  loaded ??= load().catch((error: unknown) => {
    loaded = undefined;
    const missing = (error as { code?: unknown }).code === 'MODULE_NOT_FOUND';
    if (!missing) throw error;
    throw new Error(`The providers' SDKs were not found beside ${__filename}; reinstall the package`, { cause: error });
  });
  return loaded;
}

function load(): Promise<ProviderSdks> {
  // The bundle is CommonJS run from V8's code cache (server/launcher/), where a dynamic import() has no loader to
  // call: a require it is. From source (the tests) the TypeScript module is imported.
  if (typeof __PROVIDER_SDKS_BESIDE__ === 'boolean')
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return Promise.resolve().then(() => require('./sdkBundle') as ProviderSdks);
  return import('./sdkBundle');
}
