// Part 4 of the bench: what simulation and tracing cost, in-process. Mining speed with tracing available
// is part 1's fill rates: tracers subscribe only to VMs made for one trace, so the miner never carries one.
import { encodeFunctionData, hexToBytes } from 'viem'
import { EventEmitter } from '../../src/contracts/index.ts'
import type { TracerSpec } from '../../src/evm/index.ts'
import { ChainNode } from '../../src/node.ts'
import { timeRepeated, type LatencySummary } from './stats.ts'

const STRUCT_LOGS: TracerSpec = {
  tracer: 'structLogger',
  timeoutMs: 60_000,
  options: { enableMemory: false, disableStack: false, disableStorage: false, enableReturnData: false, limit: 0 },
}
const CALL_TRACER: TracerSpec = { tracer: 'callTracer', timeoutMs: 60_000, options: { onlyTopCall: false, withLog: true } }

/** Latencies of eth_call (plain and with a state override), eth_simulateV1 and the tracers on a 100-event transaction. */
export async function measureSimulationAndTracing(count: number): Promise<Record<string, LatencySummary>> {
  const node = await ChainNode.create()
  const from = node.accounts[0]!.address
  const deployed = node.transaction(await node.sendTransaction({ from, data: hexToBytes(EventEmitter.bytecode) }))
  if (deployed?.status !== 'mined') throw new Error('deployment not mined')
  const emitter = deployed.location.block.transactions[deployed.location.index]!.contractAddress!
  const emitMany = (n: bigint) => hexToBytes(encodeFunctionData({ abi: EventEmitter.abi, functionName: 'emitMany', args: [n] }))
  const mined = node.transaction(await node.sendTransaction({ from, to: emitter, data: emitMany(100n) }))
  if (mined?.status !== 'mined') throw new Error('transaction not mined')
  const { block, index } = mined.location
  const call = { from, to: emitter, data: emitMany(1n) }
  const slot = new Uint8Array(32)
  const results = {
    'eth_call, emitMany(1)': await timeRepeated(count, () => node.execution.call(call, node.head)),
    'eth_call, emitMany(1), with a stateDiff override': await timeRepeated(count, () =>
      node.execution.call(call, node.head, { stateOverrides: [{ address: emitter, stateDiff: [[slot, slot]] }] }),
    ),
    'eth_simulateV1, one block of 10 emitMany(1) calls': await timeRepeated(count, () =>
      node.execution.simulate(node.head, [{ calls: Array.from({ length: 10 }, () => call) }], { validation: false, traceTransfers: false }),
    ),
    'debug_traceTransaction, struct logs, emitMany(100)': await timeRepeated(count, () => node.execution.traceTransaction(block, index, STRUCT_LOGS)),
    'debug_traceTransaction, callTracer withLog, emitMany(100)': await timeRepeated(count, () => node.execution.traceTransaction(block, index, CALL_TRACER)),
  }
  await node.close()
  return results
}
