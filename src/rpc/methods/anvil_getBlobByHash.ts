import type { Hex } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { toData } from '../formatters/hex.ts'
import { hash32 } from '../schemas.ts'

export const anvil_getBlobByHash = defineMethod({
  name: 'anvil_getBlobByHash',
  description: 'A blob by its versioned hash, from the blob transactions pooled or mined on the canonical chain; null when none has it.',
  params: [hash32],
  result: returns<Hex | null>(),
  control: true,
  handler: ([versionedHash], { node }) => {
    const blob = node.blobByVersionedHash(versionedHash)
    return blob ? toData(blob) : null
  },
})
