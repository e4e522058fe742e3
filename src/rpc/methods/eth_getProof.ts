import { z } from 'zod'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { toData, toQuantity } from '../formatters/hex.ts'
import { address, blockTagOrHash } from '../schemas.ts'
import { storageSlot } from '../storageSlot.ts'

/** eth_getProof [address, slots, block]: EIP-1186 Merkle proofs of an account and its storage slots. */
export const eth_getProof: MethodHandler = withParams(
  [address, z.array(storageSlot, { error: 'expected array of storage slots' }), blockTagOrHash.optional()],
  async ([account, slots, ref], { node }) => {
    const block = await resolveStateBlock(node, ref ?? 'latest')
    const proof = await node.execution.proof(block, account, slots)
    return {
      address: toData(account),
      accountProof: proof.accountProof.map(toData),
      balance: toQuantity(proof.balance),
      codeHash: toData(proof.codeHash),
      nonce: toQuantity(proof.nonce),
      storageHash: toData(proof.storageHash),
      storageProof: proof.storageProof.map((entry) => ({
        key: toQuantity(BigInt(toData(entry.key))),
        value: toQuantity(entry.value),
        proof: entry.proof.map(toData),
      })),
    }
  },
)
