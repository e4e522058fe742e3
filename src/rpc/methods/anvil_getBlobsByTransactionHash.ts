import type { Hex } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { toData } from '../formatters/hex.ts'
import { hash32 } from '../schemas.ts'

export const anvil_getBlobsByTransactionHash = defineMethod({
  name: 'anvil_getBlobsByTransactionHash',
  description: "A blob transaction's blobs, in its versioned hashes' order (pooled or mined on the canonical chain); null for any other.",
  params: [hash32],
  result: returns<Hex[] | null>(),
  control: true,
  handler: ([hash], { node }) => node.blobsOfTransaction(hash)?.map(toData) ?? null,
})
