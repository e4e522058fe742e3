import { encodeFunctionData, erc20Abi, hexToBytes } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { quantityOrNumber } from '../controlSchemas.ts'
import { toData } from '../formatters/hex.ts'
import { address } from '../schemas.ts'

/**
 * anvil_setERC20Allowance [owner, spender, token, amount]: the token's `allowance(owner, spender)` answers `amount`
 * from now on, written where the token keeps it, as Anvil finds the slot; no block is mined.
 */
export const anvil_setERC20Allowance = defineMethod({
  name: 'anvil_setERC20Allowance',
  description: "The token's allowance(owner, spender) answers the amount from now on (its storage set on the head).",
  params: [address, address, address, quantityOrNumber],
  result: returns<null>(),
  writes: true,
  control: true,
  faultyArgument: { erc20SlotNotFound: 2 },
  handler: async ([owner, spender, token, amount], { node }) => {
    const calldata = encodeFunctionData({ abi: erc20Abi, functionName: 'allowance', args: [toData(owner), toData(spender)] })
    await node.setErc20Value(token, hexToBytes(calldata), amount, { view: 'allowance' })
    return null
  },
})
