import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { VM, RunTxResult } from '@ethereumjs/vm'
import type { CLRequest, CLRequestType } from '@ethereumjs/util'

// Blocks built here must be the blocks `runBlock` would accept on import (export/import round
// trips, state roots that match geth's), so the pre-block system calls (EIP-4788, EIP-2935) and
// the EIP-7685 request accumulation must be the library's own. @ethereumjs/vm 10.1.3 implements
// them but leaves them out of its package exports; they are loaded by file path from the pinned
// version, and a missing export fails at start-up rather than mid-block.
const vmEntry = createRequire(import.meta.url).resolve('@ethereumjs/vm')
const esmDir = join(dirname(vmEntry), '..', 'esm')

type RunBlockModule = {
  accumulateParentBeaconBlockRoot(vm: VM, root: Uint8Array, timestamp: bigint): Promise<void>
  accumulateParentBlockHash(vm: VM, number: bigint, parentHash: Uint8Array): Promise<void>
}
type RequestsModule = {
  accumulateRequests(
    vm: VM,
    results: RunTxResult[],
    blockGasLimit: bigint,
    generate: boolean,
  ): Promise<CLRequest<CLRequestType>[]>
}

const runBlockModule = (await import(pathToFileURL(join(esmDir, 'runBlock.js')).href)) as RunBlockModule
const requestsModule = (await import(pathToFileURL(join(esmDir, 'requests.js')).href)) as RequestsModule

for (const [name, fn] of [
  ['accumulateParentBeaconBlockRoot', runBlockModule.accumulateParentBeaconBlockRoot],
  ['accumulateParentBlockHash', runBlockModule.accumulateParentBlockHash],
  ['accumulateRequests', requestsModule.accumulateRequests],
] as const) {
  if (typeof fn !== 'function') throw new Error(`@ethereumjs/vm no longer provides ${name}`)
}

export const { accumulateParentBeaconBlockRoot, accumulateParentBlockHash } = runBlockModule
export const { accumulateRequests } = requestsModule
