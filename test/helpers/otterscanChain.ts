import type { Hex } from 'viem'
import { EventEmitter } from '../../src/contracts/index.ts'
import { deployEmitterViaRpc, deployRelayViaRpc, devAccount, emitterCall, hex, relayCall, send } from './rpcChain.ts'

/** What the ots_* and trace_* tests browse: contracts, and transactions that call, fail, move value and create. */
export interface OtterscanChain {
  emitter: Hex
  relay: Hex
  /** An account without code that the relay sends value to. */
  stranger: Hex
  /** emitMany(2) on the emitter, straight from a dev account. */
  events: Hex
  /** The relay forwarding 5 wei to `stranger`: an internal value transfer. */
  forwarded: Hex
  /** The relay calling the emitter, which reverts with "deep": a failed transaction with revert data. */
  reverted: Hex
  /** The relay creating an EventEmitter: an internal creation. */
  created: Hex
}

export const sender = devAccount(0).address

export async function buildOtterscanChain(url: string): Promise<OtterscanChain> {
  const emitter = await deployEmitterViaRpc(url)
  const relay = await deployRelayViaRpc(url)
  const stranger = '0x00000000000000000000000000000000000000aa'
  return {
    emitter,
    relay,
    stranger,
    events: await send(url, { from: sender, to: emitter, data: emitterCall('emitMany', [2n]) }),
    forwarded: await send(url, { from: sender, to: relay, value: hex(5), data: relayCall('forward', [stranger, '0x']) }),
    reverted: await send(url, { from: sender, to: relay, gas: hex(300_000), data: relayCall('forward', [emitter, emitterCall('revertWith', ['deep'])]) }),
    created: await send(url, { from: sender, to: relay, data: relayCall('spawn', [EventEmitter.bytecode]) }),
  }
}

/** A hash no transaction or block has. */
export const UNKNOWN_HASH = `0x${'11'.repeat(32)}` as const
