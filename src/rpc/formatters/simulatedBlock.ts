import type { Hex, Quantity } from 'viem'
import type { SimulatedBlock, SimulatedCall } from '../../evm/index.ts'
import { gethVmError } from '../../evm/index.ts'
import { SIMULATED_CALL_ERROR_CODES } from '../../errors.ts'
import { decodeRevertReason } from '../revert.ts'
import { formatBlock } from './block.ts'
import type { RpcBlock } from './block.ts'
import { toData, toQuantity } from './hex.ts'
import { formatLog } from './log.ts'
import type { RpcLog } from './log.ts'

/** One call of a simulated block: what it returned, logged and used, and why it failed. */
export interface SimulatedCallAnswer {
  returnData: Hex
  logs: RpcLog[]
  gasUsed: Quantity
  maxUsedGas: Quantity
  status: '0x0' | '0x1'
  error?: { code: number; message: string; data?: Hex }
}

/** A block of eth_simulateV1's answer. */
export type SimulatedBlockAnswer = RpcBlock & { calls: SimulatedCallAnswer[] }

/**
 * A simulated block as geth's eth_simulateV1 answers it: the block's fields (transactions as hashes,
 * or full with their senders), and `calls`: each call's return data, logs (with their positions in
 * the simulated block), gas and status, and on failure an error object.
 */
export function formatSimulatedBlock(simulated: SimulatedBlock, fullTransactions: boolean): SimulatedBlockAnswer {
  const { block } = simulated
  const hash = block.hash()
  let logIndex = 0
  const calls = simulated.calls.map((call, index) => {
    const logs = call.logs.map((log) =>
      formatLog({
        ...log,
        blockNumber: block.header.number,
        blockHash: hash,
        blockTimestamp: block.header.timestamp,
        transactionHash: simulated.transactions[index]!.signed.hash,
        transactionIndex: index,
        logIndex: logIndex++,
      }),
    )
    return formatCall(call, logs)
  })
  return { ...formatBlock(block, simulated.transactions, { fullTransactions }), calls }
}

function formatCall(call: SimulatedCall, logs: RpcLog[]): SimulatedCallAnswer {
  const { result } = call
  const out: SimulatedCallAnswer = {
    returnData: toData(result.success ? result.returnValue : new Uint8Array()),
    logs,
    gasUsed: toQuantity(result.gasUsed),
    maxUsedGas: toQuantity(call.maxUsedGas),
    status: result.success ? '0x1' : '0x0',
  }
  if (result.success) return out
  if (result.error === 'revert') {
    const data = toData(result.returnValue)
    const reason = decodeRevertReason(data)
    out.error = {
      code: SIMULATED_CALL_ERROR_CODES.reverted,
      message: reason === undefined ? 'execution reverted' : `execution reverted: ${reason}`,
      data,
    }
  } else {
    out.error = { code: SIMULATED_CALL_ERROR_CODES.vmError, message: gethVmError(result.error ?? 'execution failed') }
  }
  return out
}
