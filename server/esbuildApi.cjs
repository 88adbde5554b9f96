// esbuild's JS API for the bundled server (esbuild.mjs points every `esbuild` import of dist/cli.js here).
// The npm package gets it from its `esbuild` dependency. The .vsix has no node_modules (vsce --no-dependencies), so
// scripts/packageVsix.mjs vendors the API and this platform's binary into dist/esbuild/, next to the bundle.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

function loadVendored() {
  const api = path.join(__dirname, 'esbuild', 'lib', 'main.js');
  if (!fs.existsSync(api)) return undefined;
  const binary = path.join(__dirname, 'esbuild', 'bin', process.platform === 'win32' ? 'esbuild.exe' : 'esbuild');
  // An unzip that dropped the executable bit must not cost the user every evaluation.
  try {
    fs.accessSync(binary, fs.constants.X_OK);
  } catch {
    try {
      fs.chmodSync(binary, 0o755);
    } catch {
      // Not ours to change (a read-only install): the spawn reports the missing permission itself.
    }
  }
  // The API reads ESBUILD_BINARY_PATH once, as it loads; restored so workspace code run later never inherits it.
  const previous = process.env.ESBUILD_BINARY_PATH;
  process.env.ESBUILD_BINARY_PATH = binary;
  try {
    return require(api);
  } finally {
    if (previous === undefined) delete process.env.ESBUILD_BINARY_PATH;
    else process.env.ESBUILD_BINARY_PATH = previous;
  }
}

module.exports = loadVendored() ?? require('esbuild');
