import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { importChain } from '../../src/chain/importChain.ts'
import { GenesisError } from '../../src/evm/index.ts'
import { LONDON_AT_GENESIS } from '../helpers/gethForks.ts'

const hiveGenesis = () => JSON.parse(readFileSync(new URL('../fixtures/execution-apis/tests/genesis.json', import.meta.url), 'utf8'))

const ADDRESS = '0x1000000000000000000000000000000000000001'

describe('a geth genesis becomes the block geth builds from it', () => {
  test("hive's genesis (ethash, forks by block and time, system contracts in alloc) has geth's hash", async () => {
    const { chain } = await importChain(hiveGenesis(), new Uint8Array())
    expect(chain.genesis.hashKey).toBe('0x44fd89d504659cd58f48f4796b77a7e7012cf296a2409afa2f6c3cb99b5b3d99')
    expect(chain.chainId).toBe(3503995874084926n)
    expect(chain.head.number).toBe(0n)
  })

  test("geth's defaults: base fee 1 gwei from London, difficulty 0x20000 for ethash, decimal and hex numbers", async () => {
    const { chain } = await importChain(
      {
        config: {
          chainId: 5,
          ...LONDON_AT_GENESIS,
          ethash: {},
        },
        gasLimit: '30000000',
        alloc: { [ADDRESS.slice(2)]: { balance: '1000', storage: { '0x01': '0x2a' } } },
      },
      new Uint8Array(),
    )
    const { header } = chain.genesis
    expect(header.baseFeePerGas).toBe(10n ** 9n)
    expect(header.difficulty).toBe(0x20000n)
    expect(header.gasLimit).toBe(30_000_000n)
    const state = chain.engine.states.stateAt(header.stateRoot)
    expect(await state.getBalance(Buffer.from(ADDRESS.slice(2), 'hex'))).toBe(1000n)
    const slot = new Uint8Array(32)
    slot[31] = 1
    expect((await state.getStorage(Buffer.from(ADDRESS.slice(2), 'hex'), slot))[0]).toBe(0x2a)
  })

  test('a BPO blob schedule other than the built-in one is refused, by name', async () => {
    const genesis = hiveGenesis()
    genesis.config.blobSchedule.bpo1.target = 11
    await expect(importChain(genesis, new Uint8Array())).rejects.toThrow(GenesisError)
    await expect(importChain(genesis, new Uint8Array())).rejects.toThrow(/config\.blobSchedule\.bpo1\.target is 11/)
  })

  test('fields that cannot be read are named', async () => {
    await expect(importChain({ alloc: {} }, new Uint8Array())).rejects.toThrow('genesis: config is missing')
    await expect(importChain({ config: {} }, new Uint8Array())).rejects.toThrow('genesis: config.chainId is missing')
    await expect(importChain({ config: { chainId: 1 }, alloc: { zz: { balance: '1' } } }, new Uint8Array())).rejects.toThrow(
      /genesis: alloc\.zz must be 0x-prefixed hex/,
    )
    await expect(importChain({ config: { chainId: 1 }, gasLimit: 'lots' }, new Uint8Array())).rejects.toThrow(/genesis: gasLimit must be/)
  })
})
