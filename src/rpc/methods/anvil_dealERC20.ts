import { encodeFunctionData, erc20Abi, hexToBytes } from 'viem'
import { defineMethod, hardhatTwin, returns, twinOf } from '../defineMethod.ts'
import { quantityOrNumber } from '../controlSchemas.ts'
import { toData } from '../formatters/hex.ts'
import { address } from '../schemas.ts'

/**
 * anvil_dealERC20 [holder, token, amount]: the token's `balanceOf(holder)` answers `amount` (its smallest unit)
 * from now on, written where the token keeps it, as Anvil finds the slot (src/accounts/erc20Slots.ts); no block is
 * mined, the total supply is left as it is.
 */
export const anvil_dealERC20 = defineMethod({
  name: 'anvil_dealERC20',
  description: "The token's balanceOf(holder) answers the amount from now on (its storage set on the head); no block is mined.",
  params: [address, address, quantityOrNumber],
  result: returns<null>(),
  writes: true,
  control: true,
  faultyArgument: { erc20SlotNotFound: 1 },
  handler: async ([holder, token, amount], { node }) => {
    const calldata = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [toData(holder)] })
    await node.setErc20Value(token, hexToBytes(calldata), amount, { view: 'balance' })
    return null
  },
})

export const hardhat_dealERC20 = hardhatTwin(anvil_dealERC20, 'same')

export const anvil_setERC20Balance = twinOf(anvil_dealERC20, 'anvil_setERC20Balance', 'same')
