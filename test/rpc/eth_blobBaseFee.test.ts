import { describe, expect } from 'vitest'
import type { DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

// The blob base fee as it moves with blob gas: test/e2e/blobTransactions.test.ts.
const test = rpcTest
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
})

describe('valid params', () => {
  test('a fresh dev chain (Prague, no blobs yet): the head’s blob base fee is the 1 wei floor', async () => {
    expect(await rpc(server.url, 'eth_blobBaseFee')).toBe('0x1')
  })

  test('it is the head block’s own blob gas price: the last of eth_feeHistory’s baseFeePerBlobGas but one', async () => {
    await rpc(server.url, 'evm_mine')
    const history = await rpc(server.url, 'eth_feeHistory', ['0x1', 'latest'])
    expect(await rpc(server.url, 'eth_blobBaseFee')).toBe(history.baseFeePerBlobGas[0])
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(server.url, 'eth_blobBaseFee', ['latest'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for eth_blobBaseFee/),
    })
  })
})
