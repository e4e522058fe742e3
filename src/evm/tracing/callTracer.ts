import type { EVMResult, InterpreterStep, Message } from '@ethereumjs/evm'
import { bigIntToBytes, setLengthLeft } from '@ethereumjs/util'
import type { RunTxResult } from '@ethereumjs/vm'
import { gethOpName, gethVmError } from '../execution/gethWords.ts'
import type { TracedStart, TransactionTracer } from './tracer.ts'

/** geth's callTracer options. */
export interface CallTracerOptions {
  /** Only the transaction's own frame, no subcalls. */
  onlyTopCall: boolean
  /** Each frame's logs, placed among its subcalls. */
  withLog: boolean
}

/** A log inside a call frame; `position` is how many subcalls of the frame came before it. */
export interface CallLog {
  address: Uint8Array
  topics: Uint8Array[]
  data: Uint8Array
  position: number
}

/** One call frame as geth's callTracer reports it. */
export interface CallFrame {
  type: string
  from: Uint8Array
  /** Absent for a failed creation. */
  to?: Uint8Array
  /** Absent for STATICCALL. */
  value?: bigint
  gas: bigint
  gasUsed: bigint
  input: Uint8Array
  output?: Uint8Array
  /** geth's words for why the frame failed. */
  error?: string
  /** Set when the frame reverted (its revert data is `output`). */
  reverted: boolean
  calls: CallFrame[]
  logs: CallLog[]
}

const CALL_OPS: ReadonlyMap<number, string> = new Map([
  [0xf0, 'CREATE'],
  [0xf1, 'CALL'],
  [0xf2, 'CALLCODE'],
  [0xf4, 'DELEGATECALL'],
  [0xf5, 'CREATE2'],
  [0xfa, 'STATICCALL'],
])
const LOG0 = 0xa0
const LOG4 = 0xa4
const SELFDESTRUCT = 0xff

interface OpenFrame {
  frame: CallFrame
  isStatic: boolean
  /** The latest opcode of this frame: the one that opens the next subframe, or failed. */
  lastOp: { code: number; name: string; address: Uint8Array } | undefined
}

/**
 * geth's callTracer: the tree of call frames, from the transaction's own down. Frames come from the
 * EVM's message events; their type (CALL, STATICCALL, …) and caller from the opcode that opened
 * them, which the step event before the message names.
 */
export class CallTracer implements TransactionTracer<CallFrame> {
  private readonly open: OpenFrame[] = []
  private gasLimit = 0n
  private root: CallFrame | undefined

  constructor(
    private readonly options: CallTracerOptions,
    readonly deadline: number,
  ) {}

  async start({ tx }: TracedStart): Promise<void> {
    this.gasLimit = tx.gasLimit
  }

  step(step: InterpreterStep): Promise<void> | void {
    const current = this.open[this.open.length - 1]
    if (!current) return
    const code = step.opcode.code
    current.lastOp = { code, name: gethOpName(code, step.opcode.name), address: step.address.bytes }
    const tracked = !this.options.onlyTopCall || this.open.length === 1
    if (code >= LOG0 && code <= LOG4 && this.options.withLog && tracked && !current.isStatic) {
      current.frame.logs.push(logOf(step, code - LOG0, current.frame.calls.length))
    }
    const own = step.opcode.dynamicFee ?? BigInt(step.opcode.fee)
    if (code !== SELFDESTRUCT || this.options.onlyTopCall || current.isStatic || own > step.gasLeft) return
    // geth reports a SELFDESTRUCT as a frame of its own: the balance it sends to the beneficiary.
    return step.stateManager.getAccount(step.address).then((account) => {
      current.frame.calls.push({
        type: 'SELFDESTRUCT',
        from: step.address.bytes,
        to: setLengthLeft(bigIntToBytes(step.stack[step.stack.length - 1] ?? 0n), 20),
        value: account?.balance ?? 0n,
        gas: 0n,
        gasUsed: 0n,
        input: new Uint8Array(),
        reverted: false,
        calls: [],
        logs: [],
      })
    })
  }

  enter(message: Message): void {
    const parent = this.open[this.open.length - 1]
    const opener = parent?.lastOp
    const type = parent ? (CALL_OPS.get(opener?.code ?? -1) ?? 'CALL') : message.to ? 'CALL' : 'CREATE'
    const isCreate = type === 'CREATE' || type === 'CREATE2'
    const frame: CallFrame = {
      type,
      from: parent ? (opener?.address ?? message.caller.bytes) : message.caller.bytes,
      to: isCreate ? undefined : message.codeAddress.bytes,
      value: type === 'STATICCALL' ? undefined : message.value,
      // geth gives the transaction's own frame the transaction's gas limit, the rest what they were handed.
      gas: parent ? message.gasLimit : this.gasLimit,
      gasUsed: 0n,
      // The EVM's buffers are views of memory that later opcodes overwrite: keep copies.
      input: message.data.slice(),
      reverted: false,
      calls: [],
      logs: [],
    }
    this.open.push({ frame, isStatic: message.isStatic, lastOp: undefined })
  }

  exit(result: EVMResult): void {
    const closing = this.open.pop()
    if (!closing) return
    const { frame } = closing
    const { execResult } = result
    frame.gasUsed = execResult.executionGasUsed
    const error = execResult.exceptionError?.error
    if (error === undefined) {
      frame.output = execResult.returnValue.slice()
      if (result.createdAddress) frame.to = result.createdAddress.bytes
    } else {
      frame.error = gethVmError(error, closing.lastOp?.name)
      frame.reverted = true
      if (error === 'revert' && execResult.returnValue.length > 0) frame.output = execResult.returnValue.slice()
    }
    const parent = this.open[this.open.length - 1]
    if (!parent) {
      this.root = frame
      return
    }
    if (!this.options.onlyTopCall) parent.frame.calls.push(frame)
  }

  async finish(run: RunTxResult): Promise<void> {
    if (!this.root) throw new Error('the transaction opened no call frame')
    this.root.gasUsed = run.totalGasSpent
    // Logs of a frame that failed, or inside one, were never emitted.
    if (this.options.withLog) clearFailedLogs(this.root, false)
  }

  output(): CallFrame {
    if (!this.root) throw new Error('the call tracer has not finished')
    return this.root
  }
}

/** The log a LOGn step emits, from its stack and memory. */
export function logOf(step: InterpreterStep, topicCount: number, position: number): CallLog {
  const stack = step.stack
  const top = stack.length - 1
  const offset = Number(stack[top] ?? 0n)
  const size = Number(stack[top - 1] ?? 0n)
  const topics = Array.from({ length: topicCount }, (_, i) => setLengthLeft(bigIntToBytes(stack[top - 2 - i] ?? 0n), 32))
  // Memory is expanded by the LOG itself: bytes past the step's memory read as zeros.
  const data = new Uint8Array(size)
  data.set(step.memory.subarray(offset, offset + size))
  return { address: step.address.bytes, topics, data, position }
}

function clearFailedLogs(frame: CallFrame, parentFailed: boolean): void {
  const failed = parentFailed || frame.reverted
  if (failed) frame.logs = []
  for (const call of frame.calls) clearFailedLogs(call, failed)
}
