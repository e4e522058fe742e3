import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import type { Hex } from 'viem'
import { afterAll, describe, expect, test } from 'vitest'
import { rpc } from '../helpers/rpcClient.ts'
import { Acknowledged, balanceSlot, sendTraffic, trafficOp } from './randomTraffic.ts'
import { oneNetworkConfig, serveWithState } from './servedState.ts'
import type { StateServer } from './servedState.ts'

// `chainsim serve --state` killed with SIGKILL at a random moment of random traffic, again and again, each time
// restarted from its file: every call it answered must still be there. Seeded; CHAINSIM_KILL_ROUNDS runs more.
const ROUNDS = Number(process.env.CHAINSIM_KILL_ROUNDS ?? 3)
const SEED = Number(process.env.CHAINSIM_KILL_SEED ?? 20261127)

const dir = mkdtempSync(join(tmpdir(), 'chainsim-killed-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** One round: the calls to make and when to kill the process (ms after its first answer, so a loaded machine still acknowledges some). */
const round = fc.record({ ops: fc.array(trafficOp, { minLength: 30, maxLength: 120 }), killAfterMs: fc.integer({ min: 50, max: 1_500 }) })

describe('chainsim serve --state killed with SIGKILL', () => {
  test(
    `keeps every change it answered, over ${ROUNDS} kills (seed ${SEED})`,
    async () => {
      const config = oneNetworkConfig(dir)
      const path = join(dir, 'chain.state')
      // A short interval: the file is also rewritten whole while the traffic runs, and killed in the middle of that.
      const args = ['--state', path, '--state-interval', '1']
      const acked = new Acknowledged()
      const rounds = fc.sample(round, { seed: SEED, numRuns: ROUNDS })
      let server: StateServer | undefined
      try {
        for (const [index, { ops, killAfterMs }] of rounds.entries()) {
          server = await serveWithState(config, args)
          await expectEverythingAcknowledged(server.url, acked, `before round ${index}`)
          let killer: NodeJS.Timeout | undefined
          const child = server.child
          await sendTraffic(server.url, ops, acked, () => {
            killer ??= setTimeout(() => child.kill('SIGKILL'), killAfterMs)
          })
          clearTimeout(killer)
          expect(await server.kill('SIGKILL')).toBe('SIGKILL')
        }
        server = await serveWithState(config, args)
        await expectEverythingAcknowledged(server.url, acked, 'at the end')
        expect(acked.transactions.length).toBeGreaterThan(0)
      } finally {
        await server?.kill('SIGKILL')
      }
    },
    60_000 + ROUNDS * 30_000,
  )
})

async function expectEverythingAcknowledged(url: string, acked: Acknowledged, when: string): Promise<void> {
  const inFlight = acked.inFlight
  for (const { hash, kind } of acked.transactions) {
    const found = await rpc<{ blockHash: Hex | null } | null>(url, 'eth_getTransactionByHash', [hash])
    expect(found, `${when}: ${kind} ${hash}`).not.toBeNull()
    if (found?.blockHash === null) continue
    const receipt = await rpc<{ contractAddress: Hex | null; logs: unknown[]; status: Hex }>(url, 'eth_getTransactionReceipt', [hash])
    expect(receipt.status, `${when}: ${kind} ${hash}`).toBe('0x1')
    if (kind === 'deploy') expect(await rpc(url, 'eth_getCode', [receipt.contractAddress, 'latest'])).not.toBe('0x')
    if (kind === 'log') expect(receipt.logs, `${when}: ${hash}`).toHaveLength(1)
  }
  // A balance set is a change of the head's state: a reorg after it (answered, or in flight) may take its block away.
  const reorgInFlight = inFlight?.kind === 'reorg' ? 1 : 0
  for (const [slot, { value, reorgsBefore }] of acked.balances) {
    if (acked.reorgs + reorgInFlight > reorgsBefore) continue
    if (inFlight?.kind === 'setBalance' && inFlight.slot === slot) continue
    expect(BigInt(await rpc<Hex>(url, 'eth_getBalance', [balanceSlot(slot), 'latest'])), `${when}: balance slot ${slot}`).toBe(BigInt(value))
  }
  const network = await rpc<{ reorgs: number }>(url, 'sim_network')
  expect(network.reorgs, when).toBeGreaterThanOrEqual(acked.reorgs)
  const metadata = await rpc<{ snapshots: Record<string, unknown> }>(url, 'anvil_metadata')
  for (const id of acked.snapshots)
    expect(
      Object.keys(metadata.snapshots).map((k) => BigInt(k)),
      `${when}: snapshot ${id}`,
    ).toContain(BigInt(id))
  if (acked.automine !== undefined && inFlight?.kind !== 'automine') expect(await rpc(url, 'anvil_getAutomine'), when).toBe(acked.automine)
}
