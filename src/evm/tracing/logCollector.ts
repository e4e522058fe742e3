import type { EVMResult, InterpreterStep, Message } from '@ethereumjs/evm'
import { bigIntToBytes, setLengthLeft } from '@ethereumjs/util'
import type { RunTxResult } from '@ethereumjs/vm'
import type { Log } from '../types.ts'
import { logOf } from './callTracer.ts'
import type { TransactionTracer } from './tracer.ts'

// ERC-7528's address for ether, and the ERC-20 Transfer(address,address,uint256) topic.
const ETHER_ADDRESS = Uint8Array.from(Buffer.from('eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', 'hex'))
const TRANSFER_TOPIC = Uint8Array.from(Buffer.from('ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef', 'hex'))
const LOG0 = 0xa0
const LOG4 = 0xa4
const SELFDESTRUCT = 0xff
const DELEGATECALL = 0xf4
const CALLCODE = 0xf2

interface Frame {
  logs: Log[]
  isStatic: boolean
  /** The opcode that opens the next subframe. */
  lastOp: number | undefined
  /** A transfer into a contract being created: its address is known once it exists. */
  pendingCreation: Log | undefined
}

/**
 * The logs of one transaction in the order they happened, with every ether transfer among them as
 * an ERC-7528 Transfer log (eth_simulateV1's `traceTransfers`, geth's logtracer): a call's value,
 * a creation's endowment, a self-destructed balance. A frame that fails takes its logs with it.
 */
export class TransferLogCollector implements TransactionTracer<Log[]> {
  private readonly frames: Frame[] = []
  private logs: Log[] = []

  constructor(readonly deadline: number) {}

  async start(): Promise<void> {}

  step(step: InterpreterStep): Promise<void> | void {
    const frame = this.frames[this.frames.length - 1]
    if (!frame) return
    const code = step.opcode.code
    frame.lastOp = code
    if (code >= LOG0 && code <= LOG4) {
      frame.logs.push(logOf(step, code - LOG0, 0))
      return
    }
    const own = step.opcode.dynamicFee ?? BigInt(step.opcode.fee)
    if (code !== SELFDESTRUCT || frame.isStatic || own > step.gasLeft) return
    const beneficiary = setLengthLeft(bigIntToBytes(step.stack[step.stack.length - 1] ?? 0n), 20)
    return step.stateManager.getAccount(step.address).then((account) => {
      const balance = account?.balance ?? 0n
      if (balance > 0n) frame.logs.push(transferLog(step.address.bytes, beneficiary, balance))
    })
  }

  enter(message: Message): void {
    const parent = this.frames[this.frames.length - 1]
    const frame: Frame = { logs: [], isStatic: message.isStatic, lastOp: undefined, pendingCreation: undefined }
    this.frames.push(frame)
    const opener = parent?.lastOp
    if (message.value === 0n || opener === DELEGATECALL || opener === CALLCODE) return
    if (message.to !== undefined) {
      frame.logs.push(transferLog(message.caller.bytes, message.to.bytes, message.value))
      return
    }
    frame.pendingCreation = transferLog(message.caller.bytes, new Uint8Array(20), message.value)
    frame.logs.push(frame.pendingCreation)
  }

  exit(result: EVMResult): void {
    const frame = this.frames.pop()
    if (!frame) return
    if (frame.pendingCreation && result.createdAddress) frame.pendingCreation.topics[2] = setLengthLeft(result.createdAddress.bytes, 32)
    if (result.execResult.exceptionError !== undefined) return
    const parent = this.frames[this.frames.length - 1]
    if (parent) parent.logs.push(...frame.logs)
    else this.logs = frame.logs
  }

  async finish(_run: RunTxResult): Promise<void> {}

  output(): Log[] {
    return this.logs
  }
}

function transferLog(from: Uint8Array, to: Uint8Array, value: bigint): Log {
  return {
    address: ETHER_ADDRESS,
    topics: [TRANSFER_TOPIC, setLengthLeft(from, 32), setLengthLeft(to, 32)],
    data: setLengthLeft(bigIntToBytes(value), 32),
  }
}
