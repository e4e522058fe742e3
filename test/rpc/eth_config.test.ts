import { crc32 } from 'node:zlib'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { hasAnvil, startAnvil } from '../helpers/anvil.ts'
import type { AnvilProcess } from '../helpers/anvil.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ name: 'dev' }, { name: 'osaka', hardfork: 'osaka' }, { name: 'prague', hardfork: 'prague' }, { name: 'paris', hardfork: 'paris' }])
const urlOf = (server: { networks: Record<string, { url: string }> }, name: string) => server.networks[name]?.url as string

describe('valid params', () => {
  test('latest (BPO2): BPO2’s blob schedule, Osaka’s precompiles, Prague’s system contracts, no fork scheduled after', async ({ server }) => {
    const config = await rpc(urlOf(server, 'dev'), 'eth_config')
    expect(config.next).toBeNull()
    expect(config.last).toBeNull()
    expect(config.current).toMatchObject({
      activationTime: 0,
      blobSchedule: { baseFeeUpdateFraction: 11684671, max: 21, target: 14 },
      chainId: '0x7a69',
    })
    expect(config.current.precompiles.P256VERIFY).toBe('0x0000000000000000000000000000000000000100')
    expect(Object.keys(config.current.systemContracts)).toEqual([
      'BEACON_ROOTS_ADDRESS',
      'CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS',
      'DEPOSIT_CONTRACT_ADDRESS',
      'HISTORY_STORAGE_ADDRESS',
      'WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS',
    ])
  })

  test('the fork id is the CRC32 of the genesis hash: every fork of a dev chain is active at genesis (EIP-2124)', async ({ server }) => {
    const genesis = await rpc(urlOf(server, 'dev'), 'eth_getBlockByNumber', ['0x0', false])
    const expected = crc32(Buffer.from(genesis.hash.slice(2), 'hex'))
    expect((await rpc(urlOf(server, 'dev'), 'eth_config')).current.forkId).toBe(`0x${expected.toString(16).padStart(8, '0')}`)
  })

  test('each network answers its own fork: Prague has no P256VERIFY, Paris no blob schedule and no KZG precompile', async ({ server }) => {
    const prague = (await rpc(urlOf(server, 'prague'), 'eth_config')).current
    expect(prague.blobSchedule).toEqual({ baseFeeUpdateFraction: 5007716, max: 9, target: 6 })
    expect(prague.precompiles.P256VERIFY).toBeUndefined()
    expect(prague.precompiles.BLS12_G1ADD).toBe('0x000000000000000000000000000000000000000b')
    const paris = (await rpc(urlOf(server, 'paris'), 'eth_config')).current
    expect(paris.blobSchedule).toBeNull()
    expect(paris.precompiles.KZG_POINT_EVALUATION).toBeUndefined()
    expect(paris.systemContracts).toEqual({})
  })
})

describe.skipIf(!hasAnvil)('against Anvil at osaka', () => {
  let anvil: AnvilProcess
  beforeAll(async () => {
    anvil = await startAnvil(['--hardfork', 'osaka'])
  }, 60_000)
  afterAll(() => anvil?.close())

  test('the same blob schedule, precompiles and system contracts; Anvil’s fork id is zeros where geth computes it', async ({ server }) => {
    const ours = (await rpc(urlOf(server, 'osaka'), 'eth_config')).current
    const anvils = (await rpc(anvil.url, 'eth_config')).current
    const { forkId: _ours, ...rest } = ours
    const { forkId: _anvils, ...anvilRest } = anvils
    expect(rest).toEqual(anvilRest)
    expect(JSON.stringify(Object.keys(ours.precompiles))).toBe(JSON.stringify(Object.keys(anvils.precompiles)))
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async ({ server }) => {
    expect(await rpcError(urlOf(server, 'dev'), 'eth_config', ['latest'])).toMatchObject({ code: -32602, message: expect.stringMatching(/too many arguments/) })
  })
})
