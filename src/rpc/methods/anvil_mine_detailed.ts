import type { RpcBlock } from 'viem'
import { defineMethod, returns, twinOf } from '../defineMethod.ts'
import { formatBlock } from '../formatters/block.ts'
import { timestampOrOptions } from './evm_mine.ts'

/**
 * anvil_mine_detailed [timestamp | {timestamp?, blocks?}]: mines as evm_mine does and answers the mined blocks
 * with their full transactions, as Anvil does.
 */
export const anvil_mine_detailed = defineMethod({
  name: 'anvil_mine_detailed',
  description: 'Mines as evm_mine does; the mined blocks with their full transactions.',
  params: [timestampOrOptions.optional()],
  result: returns<RpcBlock[]>(),
  writes: true,
  control: true,
  faultyArgument: { timestampNotAfterHead: 0 },
  handler: async ([options], { node }) => {
    const mined = await node.mine(Number(options?.blocks ?? 1n), { timestamp: options?.timestamp })
    return mined.map((block) => formatBlock(block.toBlock(), block.transactions, { fullTransactions: true }))
  },
})

export const evm_mine_detailed = twinOf(anvil_mine_detailed, 'evm_mine_detailed', 'same')
