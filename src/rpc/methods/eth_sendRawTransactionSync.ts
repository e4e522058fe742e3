import type { RpcTransactionReceipt } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { data } from '../schemas.ts'
import { receiptOnceMined, syncTimeout } from '../syncSend.ts'

// Anvil takes the transaction alone and waits 30 s, then -32603 "Transaction confirmation timeout"; chainsim takes
// EIP-7966's optional timeout and answers its timeout as geth does (code 4, the hash as data).
export const eth_sendRawTransactionSync = defineMethod({
  name: 'eth_sendRawTransactionSync',
  description:
    "EIP-7966: sends a signed transaction and answers its receipt once mined, waiting up to a timeout in ms (the network's `syncSendTimeoutMs`, 20 s, when none is given; at most `syncSendMaxTimeoutMs`).",
  params: [data, syncTimeout.optional()],
  result: returns<RpcTransactionReceipt>(),
  writes: true,
  handler: async ([raw, timeoutMs], { node }) => receiptOnceMined(node, await node.sendRawTransaction(raw), timeoutMs),
})
