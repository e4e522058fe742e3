import { gunzipSync } from 'node:zlib'
import { hexToBytes, type Hex } from 'viem'
import { describe, expect } from 'vitest'
import { deployEmitterViaRpc, devAccount, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

const spare = '0x00000000000000000000000000000000000000aa'
const decoded = (dump: Hex) => JSON.parse(gunzipSync(hexToBytes(dump)).toString('utf8'))

describe('valid params', () => {
  test('hex of a gzip-compressed chainsim state file holding this network: every block, the head, the keys', async () => {
    await deployEmitterViaRpc(url)
    await rpc(url, 'anvil_mine', ['0x3'])
    const head = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    const dump = await rpc<Hex>(url, 'anvil_dumpState')
    expect(dump.slice(0, 6)).toBe('0x1f8b')
    const file = decoded(dump)
    expect(file).toMatchObject({ format: 'chainsim-state', version: 1, networks: [{ name: 'dev', chainId: '31337', head: head.hash }] })
    expect(file.networks[0].blocks).toHaveLength(Number(head.number))
    expect(file.networks[0].accounts).toHaveLength(10)
  })

  test('state set directly on accounts is kept: with the block built on it, and on the head', async () => {
    await rpc(url, 'anvil_setBalance', [spare, '0x1234'])
    await rpc(url, 'evm_mine')
    const edited = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    await rpc(url, 'anvil_setNonce', [spare, '0x7'])
    const network = decoded(await rpc<Hex>(url, 'anvil_dumpState')).networks[0]
    expect(network.stateEdits[edited.hash]).toEqual([{ address: spare, balance: String(0x1234) }])
    expect(network.headEdits).toEqual([{ address: spare, nonce: '7' }])
  })

  test("Anvil's flag to keep historical states is accepted; every block is always kept", async () => {
    const withFlag = decoded(await rpc<Hex>(url, 'anvil_dumpState', [true])).networks[0]
    expect(withFlag.blocks).toEqual(decoded(await rpc<Hex>(url, 'anvil_dumpState', [false])).networks[0].blocks)
  })

  test('with "anvil": Anvil\'s state JSON of the head\'s accounts, which anvil_loadState takes back; hardhat_dumpState answers the same', async () => {
    await rpc(url, 'anvil_setNonce', [spare, '0x9'])
    await rpc(url, 'anvil_setStorageAt', [spare, '0x3', `0x${'0'.repeat(62)}cc`])
    const anvil = decoded(await rpc<Hex>(url, 'anvil_dumpState', [null, 'anvil']))
    const head = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    expect(anvil).toMatchObject({ block: { number: '0x0', timestamp: head.timestamp }, blocks: [], transactions: [] })
    expect(anvil.accounts[spare]).toEqual({
      nonce: 9,
      balance: await rpc(url, 'eth_getBalance', [spare, 'latest']),
      code: '0x',
      storage: { [`0x${'0'.repeat(63)}3`]: `0x${'0'.repeat(62)}cc` },
    })
    const dev = devAccount(0).address.toLowerCase()
    expect(anvil.accounts[dev].balance).toBe(await rpc(url, 'eth_getBalance', [dev, 'latest']))
    expect(decoded(await rpc<Hex>(url, 'hardhat_dumpState', [null, 'anvil'])).accounts).toEqual(anvil.accounts)
  })

  test('pooled transactions are in it', async () => {
    await rpc(url, 'evm_setAutomine', [false])
    await rpc(url, 'eth_sendTransaction', [{ from: devAccount(2).address, to: spare, value: '0x1' }])
    expect(decoded(await rpc<Hex>(url, 'anvil_dumpState')).networks[0].pool).toHaveLength(1)
    await rpc(url, 'evm_setAutomine', [true])
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a flag that is not a boolean → -32602', ['yes'], /invalid argument 0: expected boolean/],
    ['a format that is not chainsim or anvil → -32602 naming the two', [true, 'geth'], /invalid argument 1: expected a dump format: "chainsim" or "anvil"/],
    ['three arguments → -32602', [true, 'anvil', true], /too many arguments for anvil_dumpState/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'anvil_dumpState', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
