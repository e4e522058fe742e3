import type { Hash, Quantity } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { toData, toQuantity } from '../formatters/hex.ts'
import { address, blockTagOrHash } from '../schemas.ts'

/** geth's account object: what the state trie holds of an account. */
export interface RpcAccount {
  balance: Quantity
  nonce: Quantity
  codeHash: Hash
  storageRoot: Hash
}

export const eth_getAccount = defineMethod({
  name: 'eth_getAccount',
  description: "An account as the state trie holds it at a block (geth's `{balance, nonce, codeHash, storageRoot}`).",
  params: [address, blockTagOrHash],
  result: returns<RpcAccount>(),
  reads: { block: { param: 1, kind: 'reference' }, state: true },
  lagged: true,
  fork: 'forwarded',
  handler: async ([account, ref], { node }) => {
    const proof = await node.execution.proof(await resolveStateBlock(node, ref), account, [])
    return { balance: toQuantity(proof.balance), nonce: toQuantity(proof.nonce), codeHash: toData(proof.codeHash), storageRoot: toData(proof.storageHash) }
  },
})
