import { describe, expect, test } from 'vitest'
import { ExecutionEngine, parseGethGenesis } from '../../src/evm/index.ts'
import type { Withdrawal } from '../../src/evm/index.ts'
import { CANCUN_BLOBS, MERGED_AT_GENESIS, PRAGUE_BLOBS } from '../helpers/gethForks.ts'

// Blocks built with a template's withdrawals and beacon root (a replayed block's environment) are blocks
// @ethereumjs/vm's runBlock accepts: the same state root, withdrawals root and beacon-roots contract writes.
const funded = Uint8Array.from({ length: 20 }, (_, i) => i + 1)
const address = (n: number) => Uint8Array.from({ length: 20 }, (_, i) => (i === 19 ? n : 0xaa))

/** A Prague chain from genesis (a fork schedule runBlock can follow), with `funded` holding one ether. */
async function engineWithGenesis() {
  const genesis = parseGethGenesis({
    config: {
      chainId: 1337,
      ...MERGED_AT_GENESIS,
      terminalTotalDifficulty: 0,
      shanghaiTime: 0,
      cancunTime: 0,
      pragueTime: 0,
      blobSchedule: { cancun: CANCUN_BLOBS, prague: PRAGUE_BLOBS },
    },
    timestamp: '0x6553f100',
    gasLimit: '0x1c9c380',
    difficulty: '0x0',
    baseFeePerGas: '0x3b9aca00',
    alloc: { [`0x${Buffer.from(funded).toString('hex')}`]: { balance: '0xde0b6b3a7640000' } },
  })
  const engine = await ExecutionEngine.create(genesis.common, { followForks: true })
  return { engine, genesis: await engine.createGenesis(genesis.spec), spec: genesis.spec }
}

describe('a block paying withdrawals', () => {
  test('is the block runBlock executes to the same state: withdrawals credited in gwei, a zero one to an empty account removed again', async () => {
    const withdrawals: Withdrawal[] = [
      { index: 7n, validatorIndex: 100n, address: address(1), amount: 32_000_000_000n },
      { index: 8n, validatorIndex: 101n, address: funded, amount: 5n },
      { index: 9n, validatorIndex: 102n, address: address(2), amount: 0n },
    ]
    const beaconRoot = new Uint8Array(32).fill(0x42)
    const built = await (async () => {
      const { engine, genesis, spec } = await engineWithGenesis()
      const block = (
        await engine.build(
          {
            parent: genesis,
            timestamp: spec.timestamp + 12n,
            coinbase: address(9),
            gasLimit: spec.gasLimit,
            prevRandao: new Uint8Array(32).fill(1),
            withdrawals,
            parentBeaconBlockRoot: beaconRoot,
          },
          [],
          () => undefined,
        )
      ).block
      const state = engine.states.stateAt(block.header.stateRoot)
      expect(await state.getBalance(address(1))).toBe(32n * 10n ** 18n)
      expect(await state.getBalance(funded)).toBe(10n ** 18n + 5n * 10n ** 9n)
      return block
    })()
    expect(built.withdrawals?.map((w) => w.index)).toEqual([7n, 8n, 9n])
    expect(built.header.parentBeaconBlockRoot).toEqual(beaconRoot)
    // Executed elsewhere by the library's runBlock, which checks the state root and the withdrawals root.
    const { engine: other, genesis } = await engineWithGenesis()
    expect(genesis.hash()).toEqual(built.header.parentHash)
    await expect(other.executeBlock(built, genesis.header.stateRoot, () => undefined)).resolves.toEqual([])
    const state = other.states.stateAt(built.header.stateRoot)
    expect(await state.getBalance(address(1))).toBe(32n * 10n ** 18n)
    expect(await state.getNonce(address(2))).toBe(0n)
  })
})
