import type { SimulatedBlock, SimulatedCall } from '../../evm/index.ts'
import { gethVmError } from '../../evm/index.ts'
import { SIMULATED_CALL_ERROR_CODES } from '../../errors.ts'
import { decodeRevertReason } from '../revert.ts'
import { formatBlock } from './block.ts'
import { toData, toQuantity } from './hex.ts'
import { formatLog } from './log.ts'

/**
 * A simulated block as geth's eth_simulateV1 answers it: the block's fields (transactions as hashes,
 * or full with their senders), and `calls`: each call's return data, logs (with their positions in
 * the simulated block), gas and status, and on failure an error object.
 */
export function formatSimulatedBlock(simulated: SimulatedBlock, fullTransactions: boolean): Record<string, unknown> {
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

function formatCall(call: SimulatedCall, logs: unknown[]): Record<string, unknown> {
  const { result } = call
  const out: Record<string, unknown> = {
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
