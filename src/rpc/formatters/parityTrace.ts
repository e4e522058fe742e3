import type { Address, Hash, Hex, Quantity } from 'viem'
import type { CallFrame } from '../../evm/index.ts'
import { toData, toQuantity } from './hex.ts'

/** What a Parity-style trace says was done: a call, a creation or a self-destruct. */
export type ParityAction =
  | { from: Address; callType: string; gas: Quantity; input: Hex; to: Address; value: Quantity }
  | { from: Address; gas: Quantity; init: Hex; value: Quantity; creationMethod: string }
  | { address: Address; balance: Quantity; refundAddress: Address }

/** What it came to; a creation names the account it made. */
export type ParityResult = { gasUsed: Quantity; output: Hex } | { address: Address; code: Hex; gasUsed: Quantity }

/** One frame of a transaction as Parity's (and Anvil's) trace module flattens it: depth-first, each with its path. */
export interface ParityTrace {
  type: 'call' | 'create' | 'suicide'
  action: ParityAction
  /** Present when the frame failed; a revert keeps its result (its revert data), other failures have none. */
  error?: string
  result: ParityResult | null
  subtraces: number
  traceAddress: number[]
}

/** A trace with the transaction and block it belongs to (trace_transaction, trace_block, trace_filter). */
export interface LocalizedParityTrace extends ParityTrace {
  blockHash: Hash
  blockNumber: number
  transactionHash: Hash
  transactionPosition: number
}

/** Where a transaction sits, to localize its traces. */
export interface TracedTransactionPlace {
  blockHash: Uint8Array
  blockNumber: bigint
  transactionHash: Uint8Array
  transactionPosition: number
}

/**
 * A transaction's call tree (geth's callTracer frames) as Parity's flat list: each frame in depth-first order with
 * the path of subcall indexes that leads to it. The top frame keeps geth's figures (the transaction's gas limit, the
 * receipt's gas used), where Parity and Anvil leave the intrinsic gas out.
 */
export function parityTraces(root: CallFrame): ParityTrace[] {
  const out: ParityTrace[] = []
  const visit = (frame: CallFrame, traceAddress: number[]) => {
    out.push(parityTraceOf(frame, traceAddress))
    for (const [index, call] of frame.calls.entries()) visit(call, [...traceAddress, index])
  }
  visit(root, [])
  return out
}

/** `traces` of the transaction at `place`, localized. */
export function localized(traces: readonly ParityTrace[], place: TracedTransactionPlace): LocalizedParityTrace[] {
  const where = {
    blockHash: toData(place.blockHash),
    blockNumber: Number(place.blockNumber),
    transactionHash: toData(place.transactionHash),
    transactionPosition: place.transactionPosition,
  }
  return traces.map((trace) => ({ ...trace, ...where }))
}

/** The address a trace comes from and the one it goes to, as trace_filter's fromAddress and toAddress match them. */
export function endsOf(trace: ParityTrace): { from: Address; to: Address | undefined } {
  const { action } = trace
  if ('refundAddress' in action) return { from: action.address, to: action.refundAddress }
  if ('to' in action) return { from: action.from, to: action.to }
  return { from: action.from, to: trace.result && 'address' in trace.result ? trace.result.address : undefined }
}

function parityTraceOf(frame: CallFrame, traceAddress: number[]): ParityTrace {
  const base = { subtraces: frame.calls.length, traceAddress }
  const value = toQuantity(frame.value ?? 0n)
  if (frame.type === 'SELFDESTRUCT') {
    const action = { address: toData(frame.from), balance: value, refundAddress: toData(frame.to ?? new Uint8Array(20)) }
    return { type: 'suicide', action, result: null, ...base }
  }
  const error = frame.error === undefined ? {} : { error: parityError(frame.error) }
  const keepsResult = frame.error === undefined || frame.error === 'execution reverted'
  const gas = toQuantity(frame.gas)
  const gasUsed = toQuantity(frame.gasUsed)
  const output = toData(frame.output ?? new Uint8Array())
  if (frame.type === 'CREATE' || frame.type === 'CREATE2') {
    const action = { from: toData(frame.from), gas, init: toData(frame.input), value, creationMethod: frame.type.toLowerCase() }
    const result = frame.to && keepsResult ? { address: toData(frame.to), code: output, gasUsed } : null
    return { type: 'create', action, ...error, result, ...base }
  }
  const action = {
    from: toData(frame.from),
    callType: frame.type.toLowerCase(),
    gas,
    input: toData(frame.input),
    to: toData(frame.to ?? new Uint8Array(20)),
    value,
  }
  return { type: 'call', action, ...error, result: keepsResult ? { gasUsed, output } : null, ...base }
}

// geth's words (the callTracer's) → Parity's, which Anvil answers with.
const PARITY_ERRORS: ReadonlyMap<string, string> = new Map([
  ['execution reverted', 'Reverted'],
  ['out of gas', 'Out of gas'],
  ['invalid jump destination', 'Bad jump destination'],
  ['write protection', 'Mutable call in static context'],
  ['max call depth exceeded', 'Out of stack'],
  ['insufficient balance for transfer', 'Insufficient balance'],
])

function parityError(gethError: string): string {
  if (gethError.startsWith('invalid opcode') || gethError.includes('not defined')) return 'Bad instruction'
  if (gethError.startsWith('stack underflow')) return 'Stack underflow'
  if (gethError.startsWith('stack limit reached')) return 'Out of stack'
  return PARITY_ERRORS.get(gethError) ?? gethError
}
