import type { Address, Hash, Quantity } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { transactionCall, toCallRequest } from '../callRequest.ts'
import { toData, toQuantity } from '../formatters/hex.ts'
import { decodeRevertReason } from '../revert.ts'
import { blockTagOrHash } from '../schemas.ts'
import { bytesToHex } from '../../evm/index.ts'

/** eth_createAccessList's answer, geth's form. */
export interface AccessListAnswer {
  accessList: Array<{ address: Address; storageKeys: Hash[] }>
  gasUsed: Quantity
  error?: string
}

export const eth_createAccessList = defineMethod({
  name: 'eth_createAccessList',
  description: "The storage a call touches, and the gas it uses with that list (geth's form; default block: pending).",
  params: [transactionCall, blockTagOrHash.optional()],
  result: returns<AccessListAnswer>(),
  reads: { block: { param: 1, kind: 'reference' }, state: true },
  lagged: true,
  fork: 'forwarded',
  cost: { infura: 80, alchemy: 10 },
  handler: async ([call, ref], { node }) => {
    const block = await resolveStateBlock(node, ref ?? 'pending')
    const request = toCallRequest(call)
    const traced = await node.execution.accessList(request, block)
    const accessList = traced.accessList ?? []
    // Run again with the list attached: its gas is what a transaction carrying it would use.
    const withList = await node.execution.call({ ...request, accessList }, block)
    const result: AccessListAnswer = {
      accessList: accessList.map((entry) => ({ address: toData(entry.address), storageKeys: entry.storageKeys.map(toData) })),
      gasUsed: toQuantity(withList.gasUsed),
    }
    if (!withList.success) {
      const reason = withList.error === 'revert' ? decodeRevertReason(bytesToHex(withList.returnValue)) : undefined
      result.error = reason ? `execution reverted: ${reason}` : withList.error === 'revert' ? 'execution reverted' : withList.error
    }
    return result
  },
})
