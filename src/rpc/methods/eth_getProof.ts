import type { RpcProof } from 'viem'
import { z } from 'zod'
import { bytesToBigInt } from '../../evm/index.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { toData, toQuantity } from '../formatters/hex.ts'
import { address, blockTagOrHash } from '../schemas.ts'
import { proofStorageKey } from '../storageSlot.ts'

export const eth_getProof = defineMethod({
  name: 'eth_getProof',
  description: 'EIP-1186 Merkle proofs of an account and its storage slots at a block.',
  params: [address, z.array(proofStorageKey, { error: 'expected array of storage slots' }), blockTagOrHash.optional()],
  result: returns<RpcProof>(),
  reads: { block: { param: 2, kind: 'reference' }, state: true },
  lagged: true,
  fork: 'forwarded',
  cost: { infura: 150, alchemy: 20 },
  handler: async ([account, keys, ref], { node }) => {
    const block = await resolveStateBlock(node, ref ?? 'latest')
    const proof = await node.execution.proof(
      block,
      account,
      keys.map((key) => key.slot),
    )
    return {
      address: toData(account),
      accountProof: proof.accountProof.map(toData),
      balance: toQuantity(proof.balance),
      codeHash: toData(proof.codeHash),
      nonce: toQuantity(proof.nonce),
      storageHash: toData(proof.storageHash),
      storageProof: proof.storageProof.map((entry, i) => ({
        key: keys[i]?.wholeWord ? toData(entry.key) : toQuantity(bytesToBigInt(entry.key)),
        value: toQuantity(entry.value),
        proof: entry.proof.map(toData),
      })),
    }
  },
})
