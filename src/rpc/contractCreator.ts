import type { CallFrame } from '../evm/index.ts'
import type { ChainNode } from '../node.ts'
import { toData } from './formatters/hex.ts'
import type { OtsContractCreator } from './formatters/otterscan.ts'
import { callFramesOfTransaction } from './parityTracing.ts'

/**
 * ots_getContractCreator from the address index: the latest canonical transaction that deployed `contract`
 * itself; a contract made by another contract is found by tracing the transactions that touched it, newest
 * first, for the CREATE frame that made it.
 */
export async function contractCreator(node: ChainNode, contract: Uint8Array): Promise<OtsContractCreator | null> {
  const places = node.addressHistory.placesOf(contract)
  for (let at = places.length - 1; at >= 0; at--) {
    const place = places[at]!
    const block = node.chain.blockByNumber(place.block)
    const executed = block?.transactions[place.index]
    if (!block || !executed) continue
    const hash = toData(executed.signed.hash)
    if (executed.contractAddress && toData(executed.contractAddress) === toData(contract)) return { hash, creator: toData(executed.signed.from) }
    const creation = creationOf(await callFramesOfTransaction(node, block, place.index), contract)
    if (creation) return { hash, creator: toData(creation.from) }
  }
  return null
}

function creationOf(frame: CallFrame, contract: Uint8Array): CallFrame | undefined {
  if ((frame.type === 'CREATE' || frame.type === 'CREATE2') && frame.to && toData(frame.to) === toData(contract)) return frame
  for (const call of frame.calls) {
    const found = creationOf(call, contract)
    if (found) return found
  }
  return undefined
}
