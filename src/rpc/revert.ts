import { bytesToHex } from '../evm/index.ts'
import type { CallResult } from '../evm/index.ts'
import { ExecutionRevertedError, ServerError } from '../errors.ts'

const ERROR_SELECTOR = '0x08c379a0'
const PANIC_SELECTOR = '0x4e487b71'

/** Throws what geth sends for a failed call: code 3 with the revert data, or -32000 for other faults. */
export function throwCallFailure(result: CallResult): never {
  if (result.error === 'revert') {
    const data = bytesToHex(result.returnValue) as `0x${string}`
    throw new ExecutionRevertedError(data, decodeRevertReason(data))
  }
  throw new ServerError(result.error ?? 'execution failed')
}

/** The reason of an Error(string) revert, or the code of a Panic(uint256). */
export function decodeRevertReason(data: string): string | undefined {
  if (data.startsWith(ERROR_SELECTOR) && data.length >= 10 + 128) {
    const body = data.slice(10)
    const length = Number(BigInt(`0x${body.slice(64, 128)}`))
    const text = body.slice(128, 128 + length * 2)
    if (text.length !== length * 2) return undefined
    return Buffer.from(text, 'hex').toString('utf8')
  }
  if (data.startsWith(PANIC_SELECTOR) && data.length === 10 + 64) {
    return `panic: 0x${BigInt(`0x${data.slice(10)}`).toString(16)}`
  }
  return undefined
}
