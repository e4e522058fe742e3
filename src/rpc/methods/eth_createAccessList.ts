import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { transactionCall, toCallRequest } from '../callRequest.ts'
import { toData, toQuantity } from '../formatters/hex.ts'
import { decodeRevertReason } from '../revert.ts'
import { blockTagOrHash } from '../schemas.ts'
import { bytesToHex } from '../../evm/index.ts'

/** eth_createAccessList: the storage a call touches, and the gas it uses with that list (geth's form). */
export const eth_createAccessList: MethodHandler = withParams(
  [transactionCall, blockTagOrHash.optional()],
  async ([call, ref], { node }) => {
    const block = await resolveStateBlock(node, ref ?? 'pending')
    const request = toCallRequest(call)
    const traced = await node.execution.accessList(request, block)
    const accessList = traced.accessList ?? []
    // Run again with the list attached: its gas is what a transaction carrying it would use.
    const withList = await node.execution.call({ ...request, accessList }, block)
    const result: Record<string, unknown> = {
      accessList: accessList.map((entry) => ({ address: toData(entry.address), storageKeys: entry.storageKeys.map(toData) })),
      gasUsed: toQuantity(withList.gasUsed),
    }
    if (!withList.success) {
      const reason = withList.error === 'revert' ? decodeRevertReason(bytesToHex(withList.returnValue)) : undefined
      result.error = reason ? `execution reverted: ${reason}` : withList.error === 'revert' ? 'execution reverted' : withList.error
    }
    return result
  },
)
