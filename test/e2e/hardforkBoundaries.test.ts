import { createPublicClient, createWalletClient, http, padHex } from 'viem'
import type { Hex, PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import solc from 'solc'
import { startChainsim } from '../../src/testing/index.ts'
import type { Chainsim } from '../../src/testing/index.ts'
import { devAccount } from '../helpers/rpcChain.ts'
import { rpc } from '../helpers/rpcClient.ts'

// A test per fork boundary chainsim serves: a chain at a fork refuses what the next one introduces, and the
// next one serves it. eth_call runs init code, whose RETURN is the answer.

const from = devAccount(0).address
const returnTop = '60005260206000f3' // PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN

interface Boundary {
  before: string
  after: string
  what: string
  /** What the call is: init code, or a call to a precompile. */
  call: { data: Hex; to?: Hex }
  /** The answer where the feature exists. */
  served: Hex
  /** Where it does not: refused (with these words), or answered (a precompile address is an empty account). */
  before_: { refused: RegExp } | { answers: Hex | undefined }
}

const BOUNDARIES: Boundary[] = [
  {
    before: 'paris',
    after: 'shanghai',
    what: 'PUSH0 (EIP-3855)',
    call: { data: `0x6001${'5f'}01${returnTop}` },
    served: padHex('0x01', { size: 32 }),
    before_: { refused: /invalid opcode/ },
  },
  {
    before: 'shanghai',
    after: 'cancun',
    what: 'TSTORE and TLOAD (EIP-1153)',
    call: { data: `0x6007600a5d600a5c${returnTop}` },
    served: padHex('0x07', { size: 32 }),
    before_: { refused: /invalid opcode/ },
  },
  {
    before: 'cancun',
    after: 'prague',
    what: 'BLS12_G1ADD at 0x0b (EIP-2537): the point at infinity added to itself',
    call: { to: '0x000000000000000000000000000000000000000b', data: padHex('0x', { size: 256 }) },
    served: padHex('0x', { size: 128 }),
    before_: { answers: undefined },
  },
  {
    before: 'prague',
    after: 'osaka',
    what: 'CLZ (EIP-7939)',
    call: { data: `0x60011e${returnTop}` },
    served: padHex('0xff', { size: 32 }),
    before_: { refused: /invalid opcode/ },
  },
]

const chains = new Map<string, Chainsim>()
const clientOf = (hardfork: string): PublicClient => createPublicClient({ transport: http((chains.get(hardfork) as Chainsim).url) })

beforeAll(async () => {
  for (const hardfork of ['paris', 'shanghai', 'cancun', 'prague', 'osaka', 'bpo1', 'bpo2']) chains.set(hardfork, await startChainsim({ hardfork }))
})
afterAll(async () => {
  for (const chain of chains.values()) await chain.close()
})

describe.each(BOUNDARIES)('$before → $after: $what', ({ before, after, call, served, before_ }) => {
  test(`${after} serves it`, async () => {
    expect((await clientOf(after).call({ account: from, ...call })).data).toBe(served)
  })

  test(`${before} does not`, async () => {
    const answer = clientOf(before).call({ account: from, ...call })
    if ('refused' in before_) await expect(answer).rejects.toThrow(before_.refused)
    else expect((await answer).data).toBe(before_.answers)
  })
})

describe.each([
  ['osaka', 'bpo1', 9, 15],
  ['bpo1', 'bpo2', 15, 21],
])('%s → %s: the blob maximum the chain builds under', (before, after, beforeMax, afterMax) => {
  test(`${before} allows ${beforeMax} blobs a block, ${after} ${afterMax}`, async () => {
    const maxOf = async (hardfork: string) => (await rpc((chains.get(hardfork) as Chainsim).url, 'eth_config')).current.blobSchedule.max
    expect(await maxOf(before)).toBe(beforeMax)
    expect(await maxOf(after)).toBe(afterMax)
  })
})

describe('a contract solc 0.8.37 compiles at its default target (osaka)', () => {
  const source = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.37;
contract LeadingZeros {
  function leadingZeros(uint256 x) external pure returns (uint256 r) {
    assembly { r := clz(x) }
  }
}`
  let bytecode: Hex
  let abi: readonly unknown[]
  beforeAll(() => {
    const input = {
      language: 'Solidity',
      sources: { 'LeadingZeros.sol': { content: source } },
      settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
    }
    const output = JSON.parse(solc.compile(JSON.stringify(input)))
    const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === 'error')
    if (errors.length > 0) throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join('\n'))
    const contract = output.contracts['LeadingZeros.sol'].LeadingZeros
    bytecode = `0x${contract.evm.bytecode.object}`
    abi = contract.abi
  }, 60_000)

  const deployOn = async (hardfork: string) => {
    const url = (chains.get(hardfork) as Chainsim).url
    const wallet = createWalletClient({ account: devAccount(0), transport: http(url) })
    const hash = await wallet.deployContract({ abi, bytecode, chain: null })
    const receipt = await createPublicClient({ transport: http(url) }).waitForTransactionReceipt({ hash })
    return receipt.contractAddress as Hex
  }

  test('deploys and runs on the default chain (latest)', async () => {
    const latest = await startChainsim()
    try {
      chains.set('latest', latest)
      const address = await deployOn('latest')
      const client = clientOf('latest')
      expect(await client.readContract({ address, abi, functionName: 'leadingZeros', args: [1n] } as never)).toBe(255n)
      expect(await client.readContract({ address, abi, functionName: 'leadingZeros', args: [2n ** 255n] } as never)).toBe(0n)
    } finally {
      chains.delete('latest')
      await latest.close()
    }
  })

  test('deploys on prague, whose EVM then refuses its CLZ', async () => {
    const address = await deployOn('prague')
    await expect(clientOf('prague').readContract({ address, abi, functionName: 'leadingZeros', args: [1n] } as never)).rejects.toThrow(/invalid opcode/)
  })
})
