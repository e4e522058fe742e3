import { bytesToHex } from '../evm/index.ts'
import type { CallResult } from '../evm/index.ts'
import { ExecutionRevertedError, ServerError } from '../errors.ts'

const ERROR_SELECTOR = '0x08c379a0'
const PANIC_SELECTOR = '0x4e487b71'

// geth's words for Solidity's panic codes (accounts/abi UnpackRevert), so messages match geth's.
const PANIC_REASONS: ReadonlyMap<bigint, string> = new Map([
  [0x00n, 'generic panic'],
  [0x01n, 'assert(false)'],
  [0x11n, 'arithmetic underflow or overflow'],
  [0x12n, 'division or modulo by zero'],
  [0x21n, 'enum overflow'],
  [0x22n, 'invalid encoded storage byte array accessed'],
  [0x31n, 'out-of-bounds array access; popping on an empty array'],
  [0x32n, 'out-of-bounds access of an array or bytesN'],
  [0x41n, 'out of memory'],
  [0x51n, 'uninitialized function'],
])

/** Throws what geth sends for a failed call: code 3 with the revert data, or -32000 for other faults. */
export function throwCallFailure(result: CallResult): never {
  if (result.error === 'revert') {
    const data = bytesToHex(result.returnValue) as `0x${string}`
    throw new ExecutionRevertedError(data, decodeRevertReason(data))
  }
  throw new ServerError(result.error ?? 'execution failed')
}

/** The reason of an Error(string) revert, or geth's description of a Panic(uint256). */
export function decodeRevertReason(data: string): string | undefined {
  if (data.startsWith(ERROR_SELECTOR) && data.length >= 10 + 128) {
    const body = data.slice(10)
    const length = Number(BigInt(`0x${body.slice(64, 128)}`))
    const text = body.slice(128, 128 + length * 2)
    if (text.length !== length * 2) return undefined
    return Buffer.from(text, 'hex').toString('utf8')
  }
  if (data.startsWith(PANIC_SELECTOR) && data.length === 10 + 64) {
    const code = BigInt(`0x${data.slice(10)}`)
    return PANIC_REASONS.get(code) ?? `unknown panic code: 0x${code.toString(16)}`
  }
  return undefined
}
