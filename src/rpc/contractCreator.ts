import type { CallFrame } from '../evm/index.ts'
import type { ChainNode } from '../node.ts'
import { toData } from './formatters/hex.ts'
import type { OtsContractCreator } from './formatters/otterscan.ts'
import { callTreeOfTransaction } from '../stateReads/callTrees.ts'

/**
 * ots_getContractCreator from the address index: the latest canonical transaction that deployed `contract`
 * itself, read from the receipts. A contract made by another contract is found by re-executing the transactions
 * that touched it, oldest first, for the CREATE frame that made it: the first such transaction is nearly always
 * the one, where newest first would re-execute the contract's whole history.
 */
export async function contractCreator(node: ChainNode, contract: Uint8Array): Promise<OtsContractCreator | null> {
  const key = toData(contract)
  const places = (await node.addressHistory.placesOf(contract)).map((place) => ({ place, block: node.chain.blockByNumber(place.block) }))
  for (const { place, block } of places.toReversed()) {
    const executed = block?.transactions[place.index]
    if (executed?.contractAddress && toData(executed.contractAddress) === key)
      return { hash: toData(executed.signed.hash), creator: toData(executed.signed.from) }
  }
  for (const { place, block } of places) {
    if (!block) continue
    const creation = creationOf(await callTreeOfTransaction(node.execution, block, place.index), key)
    if (creation) return { hash: toData(block.transactions[place.index]!.signed.hash), creator: toData(creation.from) }
  }
  return null
}

function creationOf(frame: CallFrame, contract: string): CallFrame | undefined {
  if ((frame.type === 'CREATE' || frame.type === 'CREATE2') && frame.to && toData(frame.to) === contract) return frame
  for (const call of frame.calls) {
    const found = creationOf(call, contract)
    if (found) return found
  }
  return undefined
}
