import type { VM } from '@ethereumjs/vm'
import { evmInterpreter } from './libraryInternals.ts'

/**
 * @ethereumjs/evm 10.1.3 analyses a contract's code at every message call that jumps
 * (`Interpreter._getValidJumpDestinations`): it walks the whole code, turns every PUSH's bytes into a
 * bigint and looks up every opcode, then executes the few hundred steps a call takes. For an ERC-20
 * `balanceOf` the analysis was ~40% of the call's time and most of its garbage. The analysis depends only on
 * the code and on the EVM's opcode table, and the interpreter only reads it, so it is kept per code object
 * and table: code read through chainsim's state managers is one object per hash (stateReadMemo).
 *
 * The interpreter is not exported by @ethereumjs/evm (see libraryInternals.ts). The patch changes what a method of its prototype does for the EVMs chainsim made and registered
 * here only; every other EVM in the process runs the original, unchanged. test/evm/patches/ holds what it
 * assumes of the interpreter and fails naming it when an upgrade changes that.
 */

interface JumpAnalysis {
  jumps: Uint8Array
  pushes: Record<number, bigint>
  opcodesCached: unknown[]
}

interface InterpreterLike {
  _evm: { _opcodeMap: object }
  _getValidJumpDestinations(code: Uint8Array): JumpAnalysis
}

const registered = new WeakSet<object>()
const analyses = new WeakMap<object, WeakMap<Uint8Array, JumpAnalysis>>()
let installed: Promise<void> | undefined

/** The module of @ethereumjs/evm's interpreter (the package does not export it: libraryInternals.ts). */
export async function interpreterModule(): Promise<{ Interpreter: { prototype: InterpreterLike } }> {
  return (await evmInterpreter()) as { Interpreter: { prototype: InterpreterLike } }
}

/** Installs the cached analysis on the interpreter's prototype, once per process. */
export function installJumpAnalysisCache(): Promise<void> {
  installed ??= interpreterModule().then(({ Interpreter }) => {
    const prototype = Interpreter.prototype
    const original = prototype._getValidJumpDestinations
    if (typeof original !== 'function')
      throw new Error('@ethereumjs/evm changed: Interpreter._getValidJumpDestinations is gone (src/evm/patches/jumpAnalysisCache.ts)')
    prototype._getValidJumpDestinations = function cachedJumpDestinations(this: InterpreterLike, code: Uint8Array): JumpAnalysis {
      const evm = this._evm
      if (!registered.has(evm)) return original.call(this, code)
      const table = evm._opcodeMap
      let byCode = analyses.get(table)
      if (!byCode) analyses.set(table, (byCode = new WeakMap()))
      let analysis = byCode.get(code)
      if (!analysis) byCode.set(code, (analysis = original.call(this, code)))
      return analysis
    }
  })
  return installed
}

/** `vm`'s EVM keeps the jump analysis of each code it runs (installing the patch first if needed). */
export async function withJumpAnalysisCache(vm: VM): Promise<VM> {
  await installJumpAnalysisCache()
  registered.add(vm.evm as object)
  return vm
}
