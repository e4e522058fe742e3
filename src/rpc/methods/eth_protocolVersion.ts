import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { toQuantity } from '../formatters/hex.ts'

/** The eth wire protocol a Prague-era geth speaks (eth/68). */
const ETH_PROTOCOL_VERSION = 68

/** eth_protocolVersion: the eth wire protocol version as a quantity, geth's form (`0x44`). */
export const eth_protocolVersion: MethodHandler = withParams([], () => toQuantity(ETH_PROTOCOL_VERSION))
