import { Mainnet, createCustomCommon } from '@ethereumjs/common'
import type { Common } from '@ethereumjs/common'
import { getOpcodesForHF, paramsEVM } from '@ethereumjs/evm'
import type { ExecResult } from '@ethereumjs/evm'
import { SERVED_HARDFORKS } from '../configuration/hardforks.ts'

/** Each served fork's opcodes by byte, oldest fork first, made on first use. */
let opcodesByFork: ReadonlyArray<{ fork: string; names: ReadonlyMap<number, string> }> | undefined

function forkOpcodes(): NonNullable<typeof opcodesByFork> {
  opcodesByFork ??= SERVED_HARDFORKS.map((fork) => {
    const { opcodes } = getOpcodesForHF(createCustomCommon({}, Mainnet, { hardfork: fork, params: paramsEVM }))
    return { fork, names: new Map([...opcodes].map(([byte, info]) => [byte, info.name])) }
  })
  return opcodesByFork
}

/**
 * The EVM's error for a failed call or transaction, with an undefined opcode a later fork introduces named:
 * `invalid opcode: CLZ is not available before osaka; this chain runs prague`, where @ethereumjs says only
 * `invalid opcode` (and geth `invalid opcode: opcode 0x1e not defined`), so that a contract compiled for newer
 * rules than the chain's says which. Any other error is @ethereumjs's own.
 */
export function vmErrorOf(execResult: ExecResult, rules: Common): string | undefined {
  const error = execResult.exceptionError?.error
  if (error !== 'invalid opcode' || !execResult.runState) return error
  const { code, programCounter } = execResult.runState
  const byte = code[programCounter]
  if (byte === undefined) return error
  const introduced = forkOpcodes().find(({ names }) => names.has(byte))
  if (!introduced || rules.gteHardfork(introduced.fork)) return error
  return `invalid opcode: ${introduced.names.get(byte)} is not available before ${introduced.fork}; this chain runs ${rules.hardfork()}`
}
