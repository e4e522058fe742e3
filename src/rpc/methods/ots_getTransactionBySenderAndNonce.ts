import type { Hash } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { toData } from '../formatters/hex.ts'
import { nonceParam } from '../otsParams.ts'
import { address } from '../schemas.ts'

export const ots_getTransactionBySenderAndNonce = defineMethod({
  name: 'ots_getTransactionBySenderAndNonce',
  description: 'The hash of the canonical transaction an account sent with a nonce, or null.',
  params: [address, nonceParam],
  result: returns<Hash | null>(),
  handler: async ([sender, nonce], { node }) => {
    const from = toData(sender)
    for (const place of await node.addressHistory.placesOf(sender)) {
      const signed = node.chain.blockByNumber(place.block)?.transactions[place.index]?.signed
      if (signed?.fromKey === from && signed.tx.nonce === nonce) return toData(signed.hash)
    }
    return null
  },
})
