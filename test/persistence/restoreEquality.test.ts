import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import type { Hex } from 'viem'
import { afterAll, describe, expect, test } from 'vitest'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { startServer } from '../../src/server.ts'
import type { RunningServer } from '../../src/server.ts'
import { rpc, rpcRaw } from '../helpers/rpcClient.ts'
import { devAccount, hex } from '../helpers/rpcChain.ts'
import { Acknowledged, balanceSlot, sendTraffic, trafficOp } from './randomTraffic.ts'

// A chain restored from its state file answers what it answered before, byte for byte, over the RPC surface:
// restored from the journal alone (the file copied while the chain runs, as a killed process leaves it) and
// from the file written whole on exit. Random traffic, seeded; CHAINSIM_RESTORE_RUNS runs more.
const RUNS = Number(process.env.CHAINSIM_RESTORE_RUNS ?? 1)
const SEED = Number(process.env.CHAINSIM_RESTORE_SEED ?? 7_2026)
const config = parseConfig({ networks: [{ name: 'dev', chainId: 31337, port: 0 }] })
const dir = mkdtempSync(join(tmpdir(), 'chainsim-restore-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const urlOf = (server: RunningServer) => `${server.networks[0]!.httpUrl}/v3/test`

/** What a client sees of a network, as the exact JSON texts of the answers. */
async function surface(url: string, acked: Acknowledged): Promise<Record<string, string>> {
  const answers: Record<string, string> = {}
  const ask = async (method: string, params: unknown[] = []) => {
    const body = await rpcRaw(url, method, params)
    answers[`${method} ${JSON.stringify(params)}`] = JSON.stringify(body.error ?? body.result)
    return body.result
  }
  const head = Number(BigInt((await ask('eth_blockNumber')) as Hex))
  for (let n = 0; n <= head; n++) {
    await ask('eth_getBlockByNumber', [hex(n), true])
    await ask('eth_getBlockReceipts', [hex(n)])
  }
  // Every block of every branch, canonical or orphaned, and the reorgs that made them.
  const tree = (await ask('sim_forkTree', [{ fromBlock: '0x0' }])) as { blocks: Array<{ hash: Hex }> }
  for (const block of tree.blocks) await ask('eth_getBlockByHash', [block.hash, true])
  for (const { hash } of acked.transactions) {
    await ask('eth_getTransactionByHash', [hash])
    await ask('eth_getTransactionReceipt', [hash])
  }
  await ask('eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }])
  const filter = await rpc<Hex>(url, 'eth_newFilter', [{ fromBlock: '0x0', toBlock: 'latest' }])
  answers.filterLogs = JSON.stringify(await rpc(url, 'eth_getFilterLogs', [filter]))
  await rpc(url, 'eth_uninstallFilter', [filter])
  // State at the head and at blocks within the window.
  for (const block of ['latest', 'pending', hex(Math.max(0, head - 1)), hex(Math.max(0, head - 5))]) {
    for (let i = 0; i < 10; i++) {
      await ask('eth_getBalance', [devAccount(i).address, block])
      await ask('eth_getTransactionCount', [devAccount(i).address, block])
    }
    for (let slot = 0; slot < 5; slot++) await ask('eth_getBalance', [balanceSlot(slot), block])
    if (acked.emitter) await ask('eth_getCode', [acked.emitter, block])
  }
  await ask('eth_getProof', [devAccount(0).address, [], 'latest'])
  for (const method of ['txpool_content', 'anvil_getAutomine', 'eth_coinbase', 'eth_gasPrice', 'eth_maxPriorityFeePerGas', 'eth_blobBaseFee']) await ask(method)
  await ask('eth_feeHistory', ['0x10', 'latest', [25, 75]])
  await ask('eth_getBlockByNumber', ['safe', false])
  await ask('eth_getBlockByNumber', ['finalized', false])
  // A restart is a new instance (as Anvil's), and its request record starts empty: the rest is the chain's.
  const metadata = await rpc<Record<string, unknown>>(url, 'anvil_metadata')
  delete metadata.instanceId
  answers.anvil_metadata = JSON.stringify(metadata)
  const network = await rpc<Record<string, unknown>>(url, 'sim_network')
  delete network.requests
  answers.sim_network = JSON.stringify(network)
  return answers
}

/** The next block each would mine, at the same time: same pool, clock settings, parameters and state. */
async function nextBlock(url: string, timestamp: number): Promise<string> {
  await rpc(url, 'evm_setNextBlockTimestamp', [timestamp])
  await rpc(url, 'evm_mine')
  return JSON.stringify(await rpc(url, 'eth_getBlockByNumber', ['latest', true]))
}

describe('a chain restored from its state file', () => {
  test(`answers as before, from the journal alone and from the whole file (${RUNS} runs, seed ${SEED})`, async () => {
    const runs = fc.sample(fc.array(trafficOp, { minLength: 40, maxLength: 90 }), { seed: SEED, numRuns: RUNS })
    for (const [run, ops] of runs.entries()) {
      const path = join(dir, `run-${run}.state`)
      const original = await startServer(config, { port: 0, statePath: path, state: { intervalSeconds: 0 } })
      const url = urlOf(original)
      const acked = new Acknowledged()
      await sendTraffic(url, ops, acked)
      // A snapshot taken, blocks mined on it, then reverted to: the revert and the snapshots it forgot are kept too.
      const snapshot = await rpc<Hex>(url, 'evm_snapshot')
      await rpc(url, 'eth_sendTransaction', [{ from: devAccount(2).address, to: devAccount(3).address, value: '0x7' }])
      await rpc(url, 'evm_mine')
      expect(await rpc(url, 'evm_revert', [snapshot])).toBe(true)
      await rpc(url, 'evm_snapshot')
      await rpc(url, 'evm_increaseTime', [100])
      // What else a state file keeps: impersonation, state set on the head, the clock's settings, block fields.
      const stranger = '0x00000000000000000000000000000000000051a7'
      await rpc(url, 'anvil_impersonateAccount', [stranger])
      await rpc(url, 'anvil_setBalance', [stranger, hex(10n ** 18n)])
      await rpc(url, 'anvil_setCode', [balanceSlot(9), '0x6001600055'])
      await rpc(url, 'anvil_setStorageAt', [balanceSlot(9), '0x0', `0x${'00'.repeat(31)}2a`])
      await rpc(url, 'anvil_setBlockTimestampInterval', [7])
      await rpc(url, 'evm_setBlockGasLimit', [hex(25_000_000)])
      await rpc(url, 'anvil_setCoinbase', [balanceSlot(8)])
      await rpc(url, 'evm_setAutomine', [false])
      const pooled = await rpc<Hex>(url, 'eth_sendTransaction', [{ from: stranger, to: devAccount(1).address, value: '0x5' }])
      acked.transactions.push({ hash: pooled, kind: 'transfer' })
      const before = await surface(url, acked)

      // The file as a killed process would leave it: the journal, never written whole since start.
      const copy = join(dir, `run-${run}.copy.state`)
      copyFileSync(path, copy)
      const fromJournal = await startServer(config, { port: 0, statePath: copy, state: { intervalSeconds: 0 } })
      try {
        expect(await surface(urlOf(fromJournal), acked)).toEqual(before)
        const time = Math.floor(Date.now() / 1000) + 1_000
        expect(await nextBlock(urlOf(fromJournal), time)).toBe(await nextBlock(url, time))
      } finally {
        await fromJournal.close()
      }

      const after = await surface(url, acked)
      await original.close()
      const fromWhole = await startServer(config, { port: 0, statePath: path, state: { intervalSeconds: 0 } })
      try {
        expect(await surface(urlOf(fromWhole), acked)).toEqual(after)
      } finally {
        await fromWhole.close()
      }
    }
  }, 120_000)
})
