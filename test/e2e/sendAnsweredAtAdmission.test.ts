import { Agent, request } from 'node:http'
import { createPublicClient, createWalletClient, defineChain, encodeDeployData, encodeFunctionData, http, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ChainsimToken } from '../../src/contracts/index.ts'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { devAccount } from '../helpers/rpcChain.ts'

/**
 * Under automine a send is answered once its transaction is admitted and its block is mined right after (as
 * Anvil answers). Whatever a client asks after the hash, on any connection, must see the transaction mined:
 * never a null receipt because the block was still being sealed. Each property is held over many sends, by a
 * raw client that asks at once and by viem's waitForTransactionReceipt.
 */

type Answer = { result?: unknown; error?: { code: number; message: string } }

/** A raw JSON-RPC client on its own kept-alive connection: nothing between the answer and the next question. */
function rawClient(url: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  let id = 0
  const call = (method: string, params: unknown[] = []) =>
    new Promise<unknown>((resolve, reject) => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params })
      const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer
          if (answer.error) reject(new Error(`${method}: ${answer.error.message}`))
          else resolve(answer.result)
        })
      })
      req.on('error', reject)
      req.end(body)
    })
  return { call, close: () => agent.destroy() }
}

const owner = devAccount(0)
const alice = devAccount(1).address

let server: Chainsim
let url: string
let token: Hex

beforeAll(async () => {
  server = await startChainsim()
  url = server.url
  const deployer = rawClient(url)
  const deployData = encodeDeployData({ abi: ChainsimToken.abi, bytecode: ChainsimToken.bytecode, args: ['T', 'T', 10n ** 24n] })
  const hash = (await deployer.call('eth_sendTransaction', [{ from: owner.address, data: deployData }])) as Hex
  const receipt = (await deployer.call('eth_getTransactionReceipt', [hash])) as { contractAddress: Hex }
  token = receipt.contractAddress
  deployer.close()
})

afterAll(async () => {
  await server?.close()
})

describe('a send answered at admission', () => {
  test('the same connection: the receipt, the transaction, the head, the logs and the state are there at once', async () => {
    const client = rawClient(url)
    try {
      for (let i = 0; i < 40; i++) {
        const before = BigInt((await client.call('eth_blockNumber')) as Hex)
        const data = encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'transfer', args: [alice, 1n] })
        const hash = (await client.call('eth_sendTransaction', [{ from: owner.address, to: token, data }])) as Hex
        const receipt = (await client.call('eth_getTransactionReceipt', [hash])) as { blockNumber: Hex; logs: unknown[] } | null
        expect(receipt, `receipt of send ${i}`).not.toBeNull()
        expect(BigInt(receipt!.blockNumber)).toBe(before + 1n)
        expect(receipt!.logs).toHaveLength(1)
        const found = (await client.call('eth_getTransactionByHash', [hash])) as { blockNumber: Hex | null }
        expect(found.blockNumber).toBe(receipt!.blockNumber)
        expect(BigInt((await client.call('eth_blockNumber')) as Hex)).toBe(before + 1n)
        const logs = (await client.call('eth_getLogs', [{ address: token, fromBlock: receipt!.blockNumber, toBlock: receipt!.blockNumber }])) as unknown[]
        expect(logs).toHaveLength(1)
      }
      const balance = encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'balanceOf', args: [alice] })
      expect(BigInt((await client.call('eth_call', [{ to: token, data: balance }, 'latest'])) as Hex)).toBe(40n)
    } finally {
      client.close()
    }
  })

  test('another connection asked the moment the hash arrives sees it mined, for raw and unsigned sends too', async () => {
    const sender = rawClient(url)
    const reader = rawClient(url)
    try {
      const signer = devAccount(5)
      for (let i = 0; i < 30; i++) {
        const hash =
          i % 2 === 0
            ? ((await sender.call('eth_sendTransaction', [{ from: signer.address, to: alice, value: '0x1' }])) as Hex)
            : ((await sender.call('eth_sendUnsignedTransaction', [{ from: signer.address, to: alice, value: '0x1' }])) as Hex)
        const receipt = await reader.call('eth_getTransactionReceipt', [hash])
        expect(receipt, `receipt of send ${i}`).not.toBeNull()
      }
      const nonce = BigInt((await reader.call('eth_getTransactionCount', [signer.address, 'latest'])) as Hex)
      expect(nonce).toBe(30n)
    } finally {
      sender.close()
      reader.close()
    }
  })

  test("viem's waitForTransactionReceipt finds the receipt at its first question", async () => {
    const chain = defineChain({ id: 31337, name: 'dev', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } })
    const transport = http(url)
    const publicClient = createPublicClient({ chain, transport, pollingInterval: 10_000 })
    const wallet = createWalletClient({ chain, transport, account: devAccount(6).address })
    for (let i = 0; i < 10; i++) {
      const hash = await wallet.sendTransaction({ to: alice, value: 1n })
      // A null first answer would make viem wait a whole polling interval (10 s here) and fail the test's time.
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 10_000, timeout: 5_000 })
      expect(receipt.status).toBe('success')
      expect(receipt.transactionHash).toBe(hash)
    }
  })

  test('in-process, where the next question is asked before the answering work is even done', async () => {
    const { request } = server
    const signer = devAccount(8)
    for (let i = 0; i < 30; i++) {
      const data = encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'transfer', args: [alice, 1n] })
      const hash = (await request({ method: 'eth_sendTransaction', params: [{ from: owner.address, to: token, data }] })) as Hex
      const [receipt, count] = await Promise.all([
        request({ method: 'eth_getTransactionReceipt', params: [hash] }),
        request({ method: 'eth_getBlockTransactionCountByNumber', params: ['latest'] }),
      ])
      expect(receipt, `receipt of send ${i}`).not.toBeNull()
      expect(count).toBe('0x1')
      const raw = (await request({ method: 'eth_sendTransaction', params: [{ from: signer.address, to: alice, value: '0x1' }] })) as Hex
      expect(await request({ method: 'eth_getTransactionReceipt', params: [raw] }), `receipt of transfer ${i}`).not.toBeNull()
    }
  })

  test('a send that cannot run yet (a nonce gap) is answered and stays in the pool; reads do not wait for it', async () => {
    const client = rawClient(url)
    try {
      const signer = devAccount(7)
      const nonce = BigInt((await client.call('eth_getTransactionCount', [signer.address, 'latest'])) as Hex)
      const gapped = (await client.call('eth_sendTransaction', [
        { from: signer.address, to: alice, value: '0x1', nonce: `0x${(nonce + 1n).toString(16)}` },
      ])) as Hex
      expect(await client.call('eth_getTransactionReceipt', [gapped])).toBeNull()
      const filling = (await client.call('eth_sendTransaction', [{ from: signer.address, to: alice, value: '0x1', nonce: `0x${nonce.toString(16)}` }])) as Hex
      // The gap is filled: both are mined by the block that follows the second answer.
      expect(await client.call('eth_getTransactionReceipt', [filling])).not.toBeNull()
      expect(await client.call('eth_getTransactionReceipt', [gapped])).not.toBeNull()
    } finally {
      client.close()
    }
  })
})
