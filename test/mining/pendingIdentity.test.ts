import fc from 'fast-check'
import { expect } from 'vitest'
import { rpc } from '../helpers/rpcClient.ts'
import { hex } from '../helpers/rpcChain.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

// The pending block is the block the next evm_mine makes: whatever it is built with (gas limit, next base fee,
// coinbase, the clock's offset, a next timestamp) changes it, and a pending block read before the change must not
// be answered after it.
const test = rpcTestWith([{ mining: { auto: false } }])

type Change =
  | { kind: 'gasLimit'; value: number }
  | { kind: 'baseFee'; value: number }
  | { kind: 'coinbase'; value: number }
  | { kind: 'increaseTime'; value: number }
  | { kind: 'nextTimestamp'; value: number }

const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('gasLimit' as const), value: fc.integer({ min: 1_000_000, max: 60_000_000 }) }),
  fc.record({ kind: fc.constant('baseFee' as const), value: fc.integer({ min: 1, max: 10_000_000_000 }) }),
  fc.record({ kind: fc.constant('coinbase' as const), value: fc.integer({ min: 1, max: 0xffff }) }),
  fc.record({ kind: fc.constant('increaseTime' as const), value: fc.integer({ min: 1, max: 100_000 }) }),
  fc.record({ kind: fc.constant('nextTimestamp' as const), value: fc.integer({ min: 1, max: 100_000 }) }),
)

interface BlockFields {
  number: string
  parentHash: string
  gasLimit: string
  baseFeePerGas: string
  timestamp: string
}

// The pending block's miner is null, as geth answers it; the coinbase is still part of what it is built from.
const fieldsOf = ({ number, parentHash, gasLimit, baseFeePerGas }: BlockFields) => ({ number, parentHash, gasLimit, baseFeePerGas })

test('after any changes of what the next block is built with, the pending block is the block evm_mine then makes', async ({ server }) => {
  const url = server.url
  await fc.assert(
    fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 4 }), async (changes) => {
      // Read first, so that a pending block cached from before the changes would be answered after them.
      await rpc(url, 'eth_getBlockByNumber', ['pending', false])
      let exactTimestamp = false
      for (const c of changes) {
        const head = await rpc<BlockFields>(url, 'eth_getBlockByNumber', ['latest', false])
        if (c.kind === 'gasLimit') await rpc(url, 'evm_setBlockGasLimit', [hex(c.value)])
        if (c.kind === 'baseFee') await rpc(url, 'anvil_setNextBlockBaseFeePerGas', [hex(c.value)])
        if (c.kind === 'coinbase') await rpc(url, 'anvil_setCoinbase', [`0x${c.value.toString(16).padStart(40, '0')}`])
        if (c.kind === 'increaseTime') await rpc(url, 'evm_increaseTime', [c.value])
        if (c.kind === 'nextTimestamp') await rpc(url, 'evm_setNextBlockTimestamp', [hex(BigInt(head.timestamp) + BigInt(c.value))])
        exactTimestamp = c.kind === 'nextTimestamp' || (exactTimestamp && c.kind !== 'increaseTime')
      }
      const pending = await rpc<BlockFields>(url, 'eth_getBlockByNumber', ['pending', false])
      await rpc(url, 'evm_mine')
      const mined = await rpc<BlockFields>(url, 'eth_getBlockByNumber', ['latest', false])
      expect(fieldsOf(pending)).toEqual(fieldsOf(mined))
      // The wall clock may tick between the two reads, by a second at most; a timestamp set exactly is exact.
      const late = BigInt(mined.timestamp) - BigInt(pending.timestamp)
      if (exactTimestamp) expect(late).toBe(0n)
      else expect(late >= 0n && late <= 1n, `pending ${pending.timestamp}, mined ${mined.timestamp}`).toBe(true)
    }),
    { numRuns: 25, seed: 38 },
  )
}, 60_000)
