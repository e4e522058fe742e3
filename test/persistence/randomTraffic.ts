import fc from 'fast-check'
import type { Hex } from 'viem'
import { EventEmitter } from '../../src/contracts/index.ts'
import { rpc } from '../helpers/rpcClient.ts'
import { devAccount, emitterCall, hex } from '../helpers/rpcChain.ts'

// Random traffic of the kinds a state file must keep, sent over JSON-RPC one call at a time, with what each
// acknowledged call changed: what a restarted chain must hold.

/** One call of the traffic. */
export type TrafficOp =
  | { kind: 'transfer'; from: number; to: number; value: number }
  | { kind: 'deploy'; from: number }
  | { kind: 'log'; value: number }
  | { kind: 'setBalance'; slot: number; value: number }
  | { kind: 'reorg'; depth: number }
  | { kind: 'snapshot' }
  | { kind: 'automine'; on: boolean }
  | { kind: 'mine' }

export const trafficOp: fc.Arbitrary<TrafficOp> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      from: fc.integer({ min: 0, max: 3 }),
      to: fc.integer({ min: 4, max: 9 }),
      value: fc.integer({ min: 1, max: 1_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deploy' as const), from: fc.integer({ min: 0, max: 3 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('log' as const), value: fc.integer({ min: 0, max: 1_000_000 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('setBalance' as const), slot: fc.integer({ min: 0, max: 4 }), value: fc.integer({ min: 1, max: 1_000_000 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reorg' as const), depth: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'snapshot' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('automine' as const), on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'mine' as const }) },
)

/** An address only anvil_setBalance touches (nothing sends to or from it). */
export const balanceSlot = (slot: number): Hex => `0x00000000000000000000000000000000000ba1${slot.toString(16).padStart(2, '0')}` as Hex

/** What the acknowledged calls changed, in the order they were answered. */
export class Acknowledged {
  /** Sent transactions, by kind. */
  readonly transactions: Array<{ hash: Hex; kind: 'transfer' | 'deploy' | 'log' }> = []
  /** The value each balance slot was last set to, and the reorg count when it was set. */
  readonly balances = new Map<number, { value: number; reorgsBefore: number }>()
  readonly snapshots: string[] = []
  reorgs = 0
  automine: boolean | undefined
  /** An emitter whose deployment's receipt was read: where logging calls go. */
  emitter: Hex | undefined
  /** The call in flight when the process was killed: it may or may not have happened. */
  inFlight: TrafficOp | undefined
}

/**
 * Sends `ops` in turn to `url`, noting each acknowledged change in `acked` (and calling `onAnswer` after each
 * answer), until they run out or a call fails to get an answer (the process was killed): that call is left as
 * `acked.inFlight`. Answers that are JSON-RPC errors (a reorg deeper than the chain, a logging call before any
 * emitter) change nothing and go on.
 */
export async function sendTraffic(url: string, ops: readonly TrafficOp[], acked: Acknowledged, onAnswer?: () => void): Promise<void> {
  for (const op of ops) {
    acked.inFlight = op
    try {
      await perform(url, op, acked)
    } catch (error) {
      if ((error as { code?: unknown }).code === undefined) return
    }
    acked.inFlight = undefined
    onAnswer?.()
  }
}

async function perform(url: string, op: TrafficOp, acked: Acknowledged): Promise<void> {
  switch (op.kind) {
    case 'transfer': {
      const hash = await rpc<Hex>(url, 'eth_sendTransaction', [{ from: devAccount(op.from).address, to: devAccount(op.to).address, value: hex(op.value) }])
      acked.transactions.push({ hash, kind: 'transfer' })
      return
    }
    case 'deploy': {
      const hash = await rpc<Hex>(url, 'eth_sendTransaction', [{ from: devAccount(op.from).address, data: EventEmitter.bytecode, gas: hex(1_000_000) }])
      acked.transactions.push({ hash, kind: 'deploy' })
      const receipt = await rpc<{ contractAddress: Hex } | null>(url, 'eth_getTransactionReceipt', [hash])
      if (receipt) acked.emitter = receipt.contractAddress
      return
    }
    case 'log': {
      if (!acked.emitter) return
      const hash = await rpc<Hex>(url, 'eth_sendTransaction', [
        { from: devAccount(0).address, to: acked.emitter, data: emitterCall('emitOneTopic', [BigInt(op.value)]), gas: hex(100_000) },
      ])
      acked.transactions.push({ hash, kind: 'log' })
      return
    }
    case 'setBalance':
      await rpc(url, 'anvil_setBalance', [balanceSlot(op.slot), hex(op.value)])
      acked.balances.set(op.slot, { value: op.value, reorgsBefore: acked.reorgs })
      return
    case 'reorg':
      await rpc(url, 'sim_reorg', [{ depth: op.depth }])
      acked.reorgs++
      return
    case 'snapshot':
      acked.snapshots.push(await rpc<string>(url, 'evm_snapshot'))
      return
    case 'automine':
      await rpc(url, 'evm_setAutomine', [op.on])
      acked.automine = op.on
      return
    case 'mine':
      await rpc(url, 'evm_mine')
      return
  }
}
