import { InvalidParamsError } from '../../errors.ts'
import { defineMethod, hardhatTwin, returns } from '../defineMethod.ts'
import { quantityOrNumber, uint64OrNumber } from '../controlSchemas.ts'

/** Mining many blocks is one write; this bounds how long it can hold the chain. */
export const MAX_BLOCKS_PER_MINE = 10_000n

/**
 * anvil_mine [count?, interval?]: mines `count` blocks (default 1), `interval` seconds apart. An interval of 0
 * (what viem sends when it is given none) leaves the timestamps to the clock, as Anvil's increase of zero does.
 */
export const anvil_mine = defineMethod({
  name: 'anvil_mine',
  description: 'Mines `count` blocks (default 1, at most 10,000), `interval` seconds apart.',
  params: [quantityOrNumber.optional(), uint64OrNumber.optional()],
  result: returns<null>(),
  writes: true,
  control: true,
  handler: async ([count, interval], { node }) => {
    const blocks = count ?? 1n
    if (blocks > MAX_BLOCKS_PER_MINE) {
      throw new InvalidParamsError(`invalid argument 0: at most ${MAX_BLOCKS_PER_MINE} blocks per call`)
    }
    await node.mine(Number(blocks), { intervalSeconds: interval === 0n ? undefined : interval })
    return null
  },
})

export const hardhat_mine = hardhatTwin(anvil_mine, 'true')
