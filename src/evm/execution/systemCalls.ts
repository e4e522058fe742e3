import { vmRequests, vmRunBlock } from '../patches/libraryInternals.ts'

// Blocks built here must be the blocks `runBlock` would accept on import (export/import round trips, state roots
// that match geth's), so the pre-block system calls (EIP-4788, EIP-2935) and the EIP-7685 request accumulation
// must be the library's own; @ethereumjs/vm leaves them out of its package exports (patches/libraryInternals.ts).
// A missing function fails at start-up rather than mid-block.
const runBlockModule = await vmRunBlock()
const requestsModule = await vmRequests()

for (const [name, fn] of [
  ['accumulateParentBeaconBlockRoot', runBlockModule.accumulateParentBeaconBlockRoot],
  ['accumulateParentBlockHash', runBlockModule.accumulateParentBlockHash],
  ['accumulateRequests', requestsModule.accumulateRequests],
] as const) {
  if (typeof fn !== 'function') throw new Error(`@ethereumjs/vm no longer provides ${name}`)
}

export const { accumulateParentBeaconBlockRoot, accumulateParentBlockHash } = runBlockModule
export const { accumulateRequests } = requestsModule
