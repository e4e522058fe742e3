import type { EVMResult, InterpreterStep, Message } from '@ethereumjs/evm'
import { bytesToUnprefixedHex, setLengthLeft, bigIntToBytes } from '@ethereumjs/util'
import type { RunTxResult } from '@ethereumjs/vm'
import { gethOpName } from '../execution/gethWords.ts'
import type { TransactionTracer } from './tracer.ts'

/** geth's logger.Config: what each struct log carries besides pc, op, gas, gasCost, depth and refund. */
export interface StructLogOptions {
  enableMemory: boolean
  disableStack: boolean
  disableStorage: boolean
  enableReturnData: boolean
  /** At most this many entries (0: no limit). */
  limit: number
}

/** A storage slot and its value, 32 bytes each. */
export type StorageSlot = readonly [slot: Uint8Array, value: Uint8Array]

/** One opcode as geth's struct logger records it, before it runs. */
export interface StructLog {
  pc: number
  op: string
  /** Gas left before the opcode. */
  gas: bigint
  /** What the opcode costs; for the CALL family, with the gas it hands the callee (as geth). */
  gasCost: bigint
  /** 1 for the transaction's own frame. */
  depth: number
  refund: bigint
  /** Set on the opcode that failed before it could run (out of gas, stack). */
  error?: string
  stack?: bigint[]
  memory?: Uint8Array
  returnData?: Uint8Array
  /** After SLOAD/SSTORE: every slot of the running contract seen so far in the transaction. */
  storage?: StorageSlot[]
}

/** The default tracer's answer (geth's ExecutionResult). */
export interface StructLogTrace {
  gas: bigint
  failed: boolean
  /** The output, the revert data on a revert, empty on any other failure. */
  returnValue: Uint8Array
  structLogs: StructLog[]
}

const CALL_FAMILY = new Set([0xf1, 0xf2, 0xf4, 0xfa])
const SLOAD = 0x54
const SSTORE = 0x55
// Errors geth meets before an opcode runs, and so records on its struct log.
const PRE_EXECUTION_ERRORS = new Set(['out of gas', 'stack underflow', 'stack overflow'])

interface Frame {
  isCreate: boolean
  /** The index of this frame's latest struct log. */
  lastLog: number | undefined
  /** What RETURNDATASIZE sees in this frame. */
  returnData: Uint8Array
}

/** geth's default tracer (the struct logger): one entry per opcode executed. */
export class StructLogger implements TransactionTracer<StructLogTrace> {
  private readonly logs: StructLog[] = []
  private readonly frames: Frame[] = []
  private readonly storage = new Map<string, Map<string, StorageSlot>>()
  private trace: StructLogTrace | undefined

  constructor(
    private readonly options: StructLogOptions,
    readonly deadline: number,
  ) {}

  async start(): Promise<void> {}

  step(step: InterpreterStep): Promise<void> | void {
    const frame = this.frames[this.frames.length - 1]
    if (frame === undefined || (this.options.limit > 0 && this.logs.length >= this.options.limit)) return
    const code = step.opcode.code
    const entry: StructLog = {
      pc: step.pc,
      op: gethOpName(code, step.opcode.name),
      gas: step.gasLeft,
      gasCost: costOf(step),
      depth: step.depth + 1,
      refund: step.gasRefund,
    }
    if (!this.options.disableStack) entry.stack = step.stack
    if (this.options.enableMemory) entry.memory = step.memory
    if (this.options.enableReturnData) entry.returnData = frame.returnData
    frame.lastLog = this.logs.length
    this.logs.push(entry)
    if (this.options.disableStorage || (code !== SLOAD && code !== SSTORE)) return
    const stack = step.stack
    const slot = word(stack[stack.length - 1] ?? 0n)
    if (code === SSTORE) {
      this.record(entry, step.address.bytes, slot, word(stack[stack.length - 2] ?? 0n))
      return
    }
    return step.stateManager.getStorage(step.address, slot).then((value) => {
      this.record(entry, step.address.bytes, slot, setLengthLeft(value, 32))
    })
  }

  enter(message: Message): void {
    const parent = this.frames[this.frames.length - 1]
    if (parent) parent.returnData = new Uint8Array()
    this.frames.push({ isCreate: message.to === undefined, lastLog: undefined, returnData: new Uint8Array() })
  }

  exit(result: EVMResult): void {
    const frame = this.frames.pop()
    const error = result.execResult.exceptionError?.error
    if (frame?.lastLog !== undefined && error !== undefined && PRE_EXECUTION_ERRORS.has(error)) {
      const failed = this.logs[frame.lastLog]
      if (failed) failed.error = error
    }
    const parent = this.frames[this.frames.length - 1]
    if (!parent) return
    // What the caller's RETURNDATA holds: a call's output or revert data, a creation's revert data only.
    const reverted = error === 'revert'
    parent.returnData = (error === undefined && !frame?.isCreate) || reverted ? result.execResult.returnValue.slice() : new Uint8Array()
  }

  async finish(run: RunTxResult): Promise<void> {
    const error = run.execResult.exceptionError?.error
    this.trace = {
      gas: run.totalGasSpent,
      failed: error !== undefined,
      returnValue: error === undefined || error === 'revert' ? run.execResult.returnValue : new Uint8Array(),
      structLogs: this.logs,
    }
  }

  output(): StructLogTrace {
    if (!this.trace) throw new Error('the struct logger has not finished')
    return this.trace
  }

  private record(entry: StructLog, address: Uint8Array, slot: Uint8Array, value: Uint8Array): void {
    const key = bytesToUnprefixedHex(address)
    let slots = this.storage.get(key)
    if (!slots) this.storage.set(key, (slots = new Map()))
    slots.set(bytesToUnprefixedHex(slot), [slot, value])
    entry.storage = [...slots.values()]
  }
}

/**
 * The opcode's cost as geth reports it. ethereumjs charges a call's callee gas after the callee
 * returns; geth counts it in the CALL's cost: all but 1/64 of what is left after the call's own
 * cost, at most what the call asks for (EIP-150).
 */
function costOf(step: InterpreterStep): bigint {
  const own = step.opcode.dynamicFee ?? BigInt(step.opcode.fee)
  if (!CALL_FAMILY.has(step.opcode.code) || own > step.gasLeft) return own
  const available = step.gasLeft - own
  const allowed = available - available / 64n
  const asked = step.stack[step.stack.length - 1] ?? 0n
  return own + (asked < allowed ? asked : allowed)
}

function word(value: bigint): Uint8Array {
  return setLengthLeft(bigIntToBytes(value), 32)
}
