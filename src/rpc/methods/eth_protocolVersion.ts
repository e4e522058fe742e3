import type { Quantity } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { toQuantity } from '../formatters/hex.ts'

/** The eth wire protocol a Prague-era geth speaks (eth/68). */
const ETH_PROTOCOL_VERSION = 68

export const eth_protocolVersion = defineMethod({
  name: 'eth_protocolVersion',
  description: "The eth wire protocol version as a quantity, geth's form (`0x44`).",
  params: [],
  result: returns<Quantity>(),
  handler: () => toQuantity(ETH_PROTOCOL_VERSION),
})
