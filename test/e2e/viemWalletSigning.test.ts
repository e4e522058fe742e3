import {
  createPublicClient,
  createWalletClient,
  http,
  parseSignature,
  parseTransaction,
  recoverTransactionAddress,
  verifyMessage,
  verifyTypedData,
  webSocket,
  type Chain,
  type Transport,
} from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { devAccount } from '../helpers/rpcChain.ts'

/**
 * viem's wallet actions, unchanged, with a JSON-RPC account (an address only: the node holds the key, as
 * with a browser wallet or `anvil`), over HTTP and WebSocket. Every signature is checked by viem's own
 * verification: it recovers to the account.
 */

const account = devAccount(6).address
const to = devAccount(7).address
const stranger = '0x00000000000000000000000000000000000000aa'

let server: Chainsim
let chain: Chain
const sockets: Array<{ close(): void }> = []

beforeAll(async () => {
  server = await startChainsim()
  chain = { ...foundry, rpcUrls: { default: { http: [server.url], webSocket: [server.wsUrl] } } }
})
afterAll(async () => {
  for (const socket of sockets) socket.close()
  await server.close()
})

const transports: Record<string, () => Promise<Transport>> = {
  http: async () => http(server.url),
  webSocket: async () => {
    const transport = webSocket(server.wsUrl, { reconnect: false, retryCount: 0 })
    sockets.push(await transport({ chain }).value!.getRpcClient())
    return transport
  },
}

const mail = {
  domain: { name: 'Ether Mail', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  primaryType: 'Mail',
  message: { from: { name: 'Cow', wallet: account }, to: { name: 'Bob', wallet: to }, contents: 'Hello, Bob!', amount: 10n ** 30n },
} as const

describe.each(Object.keys(transports))('walletClient with a JSON-RPC account, over %s', (name) => {
  test('signMessage (personal_sign): text and raw bytes, each recovering to the account', async () => {
    const wallet = createWalletClient({ account, chain, transport: await transports[name]!() })
    for (const message of ['hello chainsim', { raw: new Uint8Array([0, 1, 2, 255]) }] as const) {
      const signature = await wallet.signMessage({ message })
      expect(await verifyMessage({ address: account, message, signature })).toBe(true)
      expect(await verifyMessage({ address: to, message, signature })).toBe(false)
    }
  })

  test('signTypedData (eth_signTypedData_v4): nested structs and a uint256 past 2^53, recovering to the account', async () => {
    const wallet = createWalletClient({ account, chain, transport: await transports[name]!() })
    const signature = await wallet.signTypedData(mail)
    expect(await verifyTypedData({ ...mail, address: account, signature })).toBe(true)
    expect([27n, 28n]).toContain(parseSignature(signature).v)
  })

  test('signTransaction (eth_signTransaction): a raw transaction signed by the account, which the chain then accepts', async () => {
    const wallet = createWalletClient({ account, chain, transport: await transports[name]!() })
    const reader = createPublicClient({ chain, transport: await transports[name]!() })
    const request = await wallet.prepareTransactionRequest({ to, value: 5n })
    const raw = await wallet.signTransaction(request)
    expect(await recoverTransactionAddress({ serializedTransaction: raw })).toBe(account)
    expect(parseTransaction(raw)).toMatchObject({ to: to.toLowerCase(), value: 5n, chainId: 31337, nonce: request.nonce })
    const hash = await wallet.sendRawTransaction({ serializedTransaction: raw })
    expect((await reader.waitForTransactionReceipt({ hash })).status).toBe('success')
  })

  test('sendTransaction (eth_sendTransaction): mined, from the account', async () => {
    const wallet = createWalletClient({ account, chain, transport: await transports[name]!() })
    const reader = createPublicClient({ chain, transport: await transports[name]!() })
    const before = await reader.getBalance({ address: to })
    const hash = await wallet.sendTransaction({ to, value: 1_000n })
    const receipt = await reader.waitForTransactionReceipt({ hash })
    expect(receipt).toMatchObject({ status: 'success', from: account.toLowerCase() })
    expect(await reader.getBalance({ address: to })).toBe(before + 1_000n)
  })

  test('an account the node holds no key of: each action fails with geth\'s "unknown account"', async () => {
    const wallet = createWalletClient({ account: stranger, chain, transport: await transports[name]!() })
    await expect(wallet.signMessage({ message: 'x' })).rejects.toThrow(/unknown account/)
    await expect(wallet.signTypedData({ ...mail, message: { ...mail.message, from: { name: 'Eve', wallet: stranger } } })).rejects.toThrow(/unknown account/)
    await expect(wallet.signTransaction({ to, value: 1n, gas: 21_000n, nonce: 0, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n })).rejects.toThrow(
      /unknown account/,
    )
    await expect(wallet.sendTransaction({ to, value: 1n })).rejects.toThrow(/unknown account/)
  })
})
