import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { CLRequest, CLRequestType } from '@ethereumjs/util'
import type { RunTxResult, VM } from '@ethereumjs/vm'

/**
 * Modules of @ethereumjs 10.1.3 that chainsim needs and the packages do not export: the VM's pre-block system
 * calls (EIP-4788, EIP-2935) and request accumulation (EIP-7685), which blocks built here must share with
 * `runBlock` so that imports and exports round-trip, and the EVM's interpreter (patches/jumpAnalysisCache.ts).
 * Here they are loaded by file from the installed package's ES build. A build that bundles @ethereumjs (the
 * `chainsim` command's bundle, the package) replaces this module with static imports of the same files
 * (scripts/bundle.mjs), so that they are the bundled library's own modules rather than second copies.
 * test/evm/patches/ checks that each still provides what chainsim calls.
 */

export interface RunBlockModule {
  accumulateParentBeaconBlockRoot(vm: VM, root: Uint8Array, timestamp: bigint): Promise<void>
  accumulateParentBlockHash(vm: VM, number: bigint, parentHash: Uint8Array): Promise<void>
}

export interface RequestsModule {
  accumulateRequests(vm: VM, results: RunTxResult[], blockGasLimit: bigint, generate: boolean): Promise<CLRequest<CLRequestType>[]>
}

export interface InterpreterModule {
  Interpreter: { prototype: object }
}

/** The ES build's folder of an @ethereumjs package (its CommonJS entry is dist/cjs/index.js). */
function esmDirOf(name: string): string {
  return join(dirname(createRequire(import.meta.url).resolve(name)), '..', 'esm')
}

const load = <T>(name: string, file: string): Promise<T> => import(pathToFileURL(join(esmDirOf(name), file)).href) as Promise<T>

export const vmRunBlock = (): Promise<RunBlockModule> => load('@ethereumjs/vm', 'runBlock.js')
export const vmRequests = (): Promise<RequestsModule> => load('@ethereumjs/vm', 'requests.js')
export const evmInterpreter = (): Promise<InterpreterModule> => load('@ethereumjs/evm', 'interpreter.js')
