import type { BuildOptions } from 'esbuild'

/** What stays a run-time import in a bundle of chainsim's code. */
export declare const EXTERNAL: string[]
/** esbuild options shared by every bundle of chainsim's code for Node (scripts/bundle.mjs). */
export declare const bundleOptions: BuildOptions
