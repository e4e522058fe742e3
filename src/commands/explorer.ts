import { explorerAssets, releaseBundler } from '../explorer/assets.ts'

/** Bundles the explorer page now, so that its first visitor does not wait for it; then lets esbuild go. */
export function prepareExplorer(): void {
  explorerAssets()
    .then(releaseBundler)
    .catch((error: unknown) => console.error(`chainsim: the explorer page at /ui/ is unavailable: ${(error as Error).message}`))
}
