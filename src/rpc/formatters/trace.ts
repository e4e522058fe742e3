import type { Address, Hex, Quantity } from 'viem'
import type { CallFrame, PrestateAccount, PrestateTrace, StorageSlot, StructLog, StructLogTrace, TraceResult } from '../../evm/index.ts'
import { bytesToHex } from '../../evm/index.ts'
import { decodeRevertReason } from '../revert.ts'
import { toData, toQuantity } from './hex.ts'

/** One step of geth's struct logger; memory words and storage in hex without 0x, as geth writes them. */
export interface GethStructLog {
  pc: number
  op: string
  gas: number
  gasCost: number
  depth: number
  error?: string
  stack?: Quantity[]
  returnData?: Hex
  memory?: string[]
  storage?: Record<string, string>
  refund?: number
}

/** geth's struct-logger answer (no tracer named). */
export interface GethStructLogs {
  gas: number
  failed: boolean
  returnValue: Hex
  structLogs: GethStructLog[]
}

/** geth's callTracer frame. */
export interface GethCallFrame {
  type: string
  from: Address
  gas: Quantity
  gasUsed: Quantity
  to?: Address
  input: Hex
  output?: Hex
  error?: string
  revertReason?: string
  calls?: GethCallFrame[]
  logs?: Array<{ address: Address; topics: Hex[]; data: Hex; position: Quantity }>
  value?: Quantity
}

/** An account as geth's prestateTracer lists it. */
export interface GethPrestateAccount {
  balance?: Quantity
  code?: Hex
  nonce?: number
  storage?: Record<Hex, Hex>
}

/** geth's prestateTracer: address → account, or `{post, pre}` in diff mode. */
export type GethPrestate = Record<Address, GethPrestateAccount> | { post: Record<Address, GethPrestateAccount>; pre: Record<Address, GethPrestateAccount> }

/** A trace as geth answers it, by tracer. */
export type GethTrace = GethStructLogs | GethCallFrame | GethPrestate

/** A trace as geth's tracer of the same name answers it. */
export function formatTrace(result: TraceResult): GethTrace {
  switch (result.tracer) {
    case 'structLogger':
      return formatStructLogTrace(result.trace)
    case 'callTracer':
      return formatCallFrame(result.trace)
    case 'prestateTracer':
      return formatPrestate(result.trace)
  }
}

/**
 * geth's struct-log answer: gas figures as JSON numbers, stack items as 0x quantities, memory as
 * 32-byte words and storage as 32-byte keys and values, both in hex without 0x; `refund` left out
 * when 0, `returnData` when empty.
 */
function formatStructLogTrace(trace: StructLogTrace): GethStructLogs {
  return {
    gas: Number(trace.gas),
    failed: trace.failed,
    returnValue: toData(trace.returnValue),
    structLogs: trace.structLogs.map(formatStructLog),
  }
}

function formatStructLog(log: StructLog): GethStructLog {
  const out: GethStructLog = {
    pc: log.pc,
    op: log.op,
    gas: Number(log.gas),
    gasCost: Number(log.gasCost),
    depth: log.depth,
  }
  if (log.error !== undefined) out.error = log.error
  if (log.stack) out.stack = log.stack.map(toQuantity)
  if (log.returnData && log.returnData.length > 0) out.returnData = toData(log.returnData)
  if (log.memory && log.memory.length > 0) out.memory = words(log.memory)
  if (log.storage && log.storage.length > 0) out.storage = storageObject(log.storage, (bytes) => unprefixed(bytes))
  if (log.refund > 0n) out.refund = Number(log.refund)
  return out
}

function words(memory: Uint8Array): string[] {
  const out: string[] = []
  for (let at = 0; at + 32 <= memory.length; at += 32) out.push(unprefixed(memory.subarray(at, at + 32)))
  return out
}

/** geth's callTracer frame; `revertReason` decoded from a revert's Error(string) or Panic(uint256). */
function formatCallFrame(frame: CallFrame): GethCallFrame {
  const out: GethCallFrame = {
    type: frame.type,
    from: toData(frame.from),
    gas: toQuantity(frame.gas),
    gasUsed: toQuantity(frame.gasUsed),
    ...(frame.to ? { to: toData(frame.to) } : {}),
    input: toData(frame.input),
  }
  if (frame.output && frame.output.length > 0) out.output = toData(frame.output)
  if (frame.error !== undefined) out.error = frame.error
  const reason = frame.error === 'execution reverted' && frame.output ? decodeRevertReason(toData(frame.output)) : undefined
  if (reason !== undefined) out.revertReason = reason
  if (frame.calls.length > 0) out.calls = frame.calls.map(formatCallFrame)
  if (frame.logs.length > 0) {
    out.logs = frame.logs.map((log) => ({
      address: toData(log.address),
      topics: log.topics.map(toData),
      data: toData(log.data),
      position: toQuantity(log.position),
    }))
  }
  if (frame.value !== undefined) out.value = toQuantity(frame.value)
  return out
}

/** geth's prestateTracer: address → account, or `{post, pre}` in diff mode. */
function formatPrestate(trace: PrestateTrace): GethPrestate {
  if (trace.mode === 'prestate') return accountsObject(trace.accounts)
  return { post: accountsObject(trace.post), pre: accountsObject(trace.pre) }
}

function accountsObject(accounts: readonly PrestateAccount[]): Record<Address, GethPrestateAccount> {
  const out: Record<Address, GethPrestateAccount> = {}
  for (const account of accounts) {
    const entry: GethPrestateAccount = {}
    if (account.balance !== undefined) entry.balance = toQuantity(account.balance)
    if (account.code && account.code.length > 0) entry.code = toData(account.code)
    // A nonce is a JSON number here (geth's uint64 field), left out when 0.
    if (account.nonce > 0n) entry.nonce = Number(account.nonce)
    if (account.storage && account.storage.length > 0) entry.storage = storageObject(account.storage, toData)
    out[toData(account.address)] = entry
  }
  return out
}

function storageObject<K extends string>(slots: readonly StorageSlot[], encode: (bytes: Uint8Array) => K): Record<K, K> {
  const out = {} as Record<K, K>
  for (const [slot, value] of slots) out[encode(slot)] = encode(value)
  return out
}

function unprefixed(bytes: Uint8Array): string {
  return bytesToHex(bytes).slice(2)
}
