import type { Hex, Quantity } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { toData, toQuantity } from '../formatters/hex.ts'
import { address, blockTagOrHash } from '../schemas.ts'

/** Anvil's account info: balance, nonce and code in one answer. */
export interface RpcAccountInfo {
  balance: Quantity
  nonce: Quantity
  code: Hex
}

export const eth_getAccountInfo = defineMethod({
  name: 'eth_getAccountInfo',
  description: "An account's balance, nonce and code at a block (Anvil's `{balance, nonce, code}`).",
  params: [address, blockTagOrHash],
  result: returns<RpcAccountInfo>(),
  reads: { block: { param: 1, kind: 'reference' }, state: true },
  lagged: true,
  // Upstream nodes other than Anvil lack the method: below the fork block the node answers (it holds no such block).
  fork: 'local',
  handler: async ([account, ref], { node }) => {
    const state = node.execution.stateAt(await resolveStateBlock(node, ref))
    const [balance, nonce, code] = await Promise.all([state.getBalance(account), state.getNonce(account), state.getCode(account)])
    return { balance: toQuantity(balance), nonce: toQuantity(nonce), code: toData(code) }
  },
})
