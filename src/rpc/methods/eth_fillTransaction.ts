import type { Hex, RpcTransaction } from 'viem'
import { InvalidParamsError } from '../../errors.ts'
import { keccak256 } from '../../evm/index.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { transactionCall, toCallRequest } from '../callRequest.ts'
import { toData } from '../formatters/hex.ts'
import { formatTransaction } from '../formatters/transaction.ts'
import { throwCallFailure } from '../revert.ts'

/**
 * eth_fillTransaction [tx] (geth's; viem asks it before every write to fill a request in one call): `{ raw, tx }`,
 * the transaction eth_sendTransaction would send now, its unset nonce, gas and fees filled the same way, unsigned,
 * as Anvil 1.7.1 answers: Anvil's zero signature (r = s = 0; v = 2·chainId + 35 for legacy), `raw` its encoding and
 * `tx.hash` that encoding's keccak (a fee-market `tx` has no `gasPrice`, as in geth's). `from` defaults to the first
 * dev account and needs no key. A request that fails even with the whole block's gas is refused with the revert, as
 * eth_estimateGas refuses it.
 */
export const eth_fillTransaction = defineMethod({
  name: 'eth_fillTransaction',
  description: "The transaction eth_sendTransaction would send, filled and unsigned, as {raw, tx} (Anvil's answer; viem's probe).",
  params: [transactionCall],
  result: returns<{ raw: Hex; tx: RpcTransaction }>(),
  reads: { state: true },
  handler: async ([call], { node }) => {
    const from = call.from ?? node.accounts[0]?.address
    if (!from) throw new InvalidParamsError('invalid argument 0: missing "from", and the node holds no dev account to fill it with')
    const outcome = await node.signing.fillTransaction({ ...toCallRequest(call), from, chainId: call.chainId })
    if ('failure' in outcome) throwCallFailure(outcome.failure)
    const raw = outcome.filled.raw
    const { gasPrice, ...tx } = formatTransaction(outcome.filled) as RpcTransaction & { gasPrice?: Hex }
    // A fee-market transaction has no gas price of its own (geth's transaction JSON leaves it out; Anvil shows the
    // fee cap): a client that copies every filled field into its request, as viem does, would then send both.
    const priced = 'maxFeePerGas' in tx ? tx : { ...tx, gasPrice }
    return { raw: toData(raw), tx: { ...priced, hash: toData(keccak256(raw)) } as RpcTransaction }
  },
})
