// In-process costs of mining, without RPC: what a transaction and its block cost outside the interpreter.
//
// The interpreter alone is @ethereumjs/evm's runCall of the same call on a state holding the contract (no
// transaction, no block, no receipt): the ceiling any node built on this interpreter has. Everything else a
// transaction costs (admission, signature recovery, block, receipts, roots, state writes, the log index)
// is "outside the EVM". The script imports @ethereumjs directly for that one measurement: it has no
// counterpart in chainsim's own API.
import { createVM } from '@ethereumjs/vm'
import { Address, createAccount } from '@ethereumjs/util'
import { encodeFunctionData, hexToBytes } from 'viem'
import { EventEmitter } from '../../src/contracts/index.ts'
import { createDevCommon } from '../../src/evm/index.ts'
import type { SignedTransaction } from '../../src/evm/index.ts'
import { ChainNode } from '../../src/node.ts'

const GWEI = 10n ** 9n

/**
 * Milliseconds per operation, wall and CPU, after a warm-up of a quarter of `count`: `count` operations in
 * three runs, the quickest run's figures (on a shared machine a run that another process slowed is not the
 * cost of the operation).
 */
export interface OperationCost {
  wallMs: number
  cpuMs: number
}

const RUNS = 3

async function timed(count: number, run: (i: number) => Promise<unknown>): Promise<OperationCost> {
  const warmup = Math.max(1, Math.floor(count / 4))
  for (let i = 0; i < warmup; i++) await run(i)
  const perRun = Math.max(1, Math.floor(count / RUNS))
  let best: OperationCost | undefined
  for (let r = 0, i = warmup; r < RUNS; r++) {
    const cpu = process.cpuUsage()
    const start = performance.now()
    for (let n = 0; n < perRun; n++, i++) await run(i)
    const wallMs = (performance.now() - start) / perRun
    const used = process.cpuUsage(cpu)
    if (!best || wallMs < best.wallMs) best = { wallMs, cpuMs: (used.user + used.system) / 1000 / perRun }
  }
  return best as OperationCost
}

const emitMany = (count: bigint) => hexToBytes(encodeFunctionData({ abi: EventEmitter.abi, functionName: 'emitMany', args: [count] }))

/** A node mining `perBlock` transactions a block (1: automine), its signer, and a deployed EventEmitter. */
async function nodeWithEmitter(perBlock: number) {
  const node = await ChainNode.create({ mining: { auto: perBlock === 1 } })
  const account = node.accounts[0]!
  let nonce = 0n
  const sign = (fields: { to?: Uint8Array; data?: Uint8Array; value?: bigint; gas: bigint }): SignedTransaction =>
    node.signing.signWithDevAccount({ from: account.address, nonce: nonce++, maxFeePerGas: 100n * GWEI, maxPriorityFeePerGas: GWEI, ...fields })
  const deploy = sign({ data: hexToBytes(EventEmitter.bytecode), gas: 3_000_000n })
  await node.sendRawTransaction(deploy.raw)
  if (perBlock > 1) await node.mine(1)
  const found = node.transaction(deploy.hash)
  if (found?.status !== 'mined') throw new Error('deployment not mined')
  const emitter = found.location.block.transactions[found.location.index]!.contractAddress!
  return { node, sign, emitter, to: node.accounts[1]!.address }
}

/** Cost per transaction, `perBlock` transactions a block, all signed before timing starts. */
async function perTransaction(kind: 'transfer' | 'events100', perBlock: number, count: number): Promise<OperationCost> {
  const { node, sign, emitter, to } = await nodeWithEmitter(perBlock)
  const total = count + Math.max(1, Math.floor(count / 4))
  const txs = Array.from({ length: total }, () =>
    kind === 'transfer' ? sign({ to, value: 1n, gas: 21_000n }) : sign({ to: emitter, data: emitMany(100n), gas: 500_000n }),
  )
  const cost = await timed(count, async (i) => {
    await node.sendRawTransaction(txs[i]!.raw)
    if (perBlock > 1 && i % perBlock === perBlock - 1) await node.mine(1)
  })
  await node.close()
  return cost
}

/** The interpreter alone: `emitMany(100)` by runCall on a state that holds the contract. */
async function interpreterAlone(count: number): Promise<OperationCost> {
  const common = createDevCommon(31337n, 'bench')
  const vm = await createVM({ common })
  const emitter = new Address(new Uint8Array(20).fill(0xee))
  const caller = new Address(new Uint8Array(20).fill(0xca))
  await vm.stateManager.putAccount(caller, createAccount({ balance: 10n ** 24n }))
  await vm.stateManager.putCode(emitter, hexToBytes(EventEmitter.deployedBytecode))
  const data = emitMany(100n)
  return timed(count, async () => {
    const result = await vm.evm.runCall({ to: emitter, caller, data, gasLimit: 500_000n })
    if (result.execResult.exceptionError || result.execResult.logs?.length !== 100) throw new Error('emitMany(100) did not run')
  })
}

export interface InProcessCosts {
  transferBlock: OperationCost
  events100PerBlock1: OperationCost
  events100PerBlock10: OperationCost
  interpreter: OperationCost
  /** (a 100-event transaction with its block − the interpreter − a one-transfer block) / 100, in µs: wall and CPU. */
  perLogOutsideEvm: { wallMicros: number; cpuMicros: number }
}

/** Measures every in-process cost; `scale` 1 is the full run, less is quicker and noisier. */
export async function measureInProcess(scale = 1): Promise<InProcessCosts> {
  const n = (count: number) => Math.max(20, Math.round(count * scale))
  const transferBlock = await perTransaction('transfer', 1, n(2000))
  const events100PerBlock1 = await perTransaction('events100', 1, n(400))
  const events100PerBlock10 = await perTransaction('events100', 10, n(400))
  const interpreter = await interpreterAlone(n(400))
  const perLog = (of: keyof OperationCost) => ((events100PerBlock1[of] - interpreter[of] - transferBlock[of]) / 100) * 1000
  return { transferBlock, events100PerBlock1, events100PerBlock10, interpreter, perLogOutsideEvm: { wallMicros: perLog('wallMs'), cpuMicros: perLog('cpuMs') } }
}
