import type { Hash, RpcLog } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { filterId } from '../filterId.ts'
import { toData } from '../formatters/hex.ts'
import { logChangesJson } from '../formatters/logsJson.ts'

/**
 * eth_getFilterChanges: what happened since the last poll, and drains it. Log filters get
 * removed logs after a reorg (oldest first, `removed: true`) then new ones, and pending logs
 * with null positions when their range ends at `pending`; block and pending-transaction
 * filters get hashes. Unknown or expired id → -32000 "filter not found".
 */
export const eth_getFilterChanges = defineMethod({
  name: 'eth_getFilterChanges',
  description: 'What happened since the last poll (removed logs after a reorg first), and drains it.',
  params: [filterId],
  // A log filter's changes (written straight to JSON), or a block or pending-transaction filter's hashes.
  result: returns<RpcLog[] | Hash[]>(),
  cost: { infura: 140, alchemy: 20 },
  handler: async ([id], { node }) => {
    const found = await node.filters.changes(id)
    return found.kind === 'log' ? logChangesJson(found.changes) : found.hashes.map(toData)
  },
})
