import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { hasAnvil, startAnvil, type AnvilProcess } from '../helpers/anvil.ts'
import { deployTokenViaRpc, devAccount, tokenCall } from '../helpers/rpcChain.ts'
import { rpc } from '../helpers/rpcClient.ts'

/**
 * Anvil's test-client methods on chainsim and on Anvil 1.7.1, side by side: the same calls give answers of the
 * same shape and the same effect (balances, the clock, snapshots, mined blocks, the pool).
 */
let chainsim: Chainsim
let anvil: AnvilProcess | undefined
beforeAll(async () => {
  chainsim = await startChainsim()
  if (hasAnvil) anvil = await startAnvil()
}, 60_000)
afterAll(async () => {
  await chainsim?.close()
  await anvil?.close()
})

const alice = devAccount(0).address.toLowerCase() as Hex
const bob = devAccount(1).address.toLowerCase() as Hex

/** Runs `scenario` on both chains (Anvil's only when it is installed) and answers what each gave. */
async function onBoth<T>(scenario: (url: string) => Promise<T>): Promise<{ chainsim: T; anvil: T | undefined }> {
  const ours = await scenario(chainsim.url)
  return { chainsim: ours, anvil: anvil ? await scenario(anvil.url) : undefined }
}

/** Both answered alike; on a machine with no Anvil binary, chainsim's answer is checked alone. */
function expectAlike<T>(answers: { chainsim: T; anvil: T | undefined }, check: (answer: T) => void): void {
  check(answers.chainsim)
  if (hasAnvil) {
    check(answers.anvil as T)
    expect(answers.chainsim).toEqual(answers.anvil)
  }
}

const latest = async (url: string) => rpc<Record<string, any>>(url, 'eth_getBlockByNumber', ['latest', false])

describe('balances', () => {
  test('anvil_addBalance, hardhat_addBalance and tenderly_addBalance add up, tenderly_setBalance sets', async () => {
    const answers = await onBoth(async (url) => {
      const account: Hex = '0x00000000000000000000000000000000000d1f01'
      const said = [
        await rpc(url, 'anvil_addBalance', [account, '0x10']),
        await rpc(url, 'hardhat_addBalance', [account, '0x20']),
        await rpc(url, 'tenderly_addBalance', [account, '0x30']),
      ]
      const added = await rpc(url, 'eth_getBalance', [account, 'latest'])
      said.push(await rpc(url, 'tenderly_setBalance', [account, '0x5']))
      return { said, added, set: await rpc(url, 'eth_getBalance', [account, 'latest']) }
    })
    expectAlike(answers, (answer) => expect(answer).toEqual({ said: [null, null, null, null], added: '0x60', set: '0x5' }))
  })
})

describe('tokens', () => {
  test('anvil_dealERC20, anvil_setERC20Balance and anvil_setERC20Allowance on the bundled ERC-20: the same views after', async () => {
    const answers = await onBoth(async (url) => {
      const token = await deployTokenViaRpc(url)
      const holder: Hex = '0x00000000000000000000000000000000000d1f03'
      const view = (name: string, args: unknown[]) => rpc<Hex>(url, 'eth_call', [{ to: token, data: tokenCall(name, args) }, 'latest'])
      const said = [
        await rpc(url, 'anvil_dealERC20', [holder, token, '0x3635c9adc5dea00000']),
        await rpc(url, 'anvil_setERC20Allowance', [holder, bob, token, '0x2a']),
      ]
      const dealt = { balance: await view('balanceOf', [holder]), allowance: await view('allowance', [holder, bob]) }
      said.push(await rpc(url, 'anvil_setERC20Balance', [alice, token, '0x1']))
      return { said, dealt, aliceAfter: await view('balanceOf', [alice]), supply: await view('totalSupply', []) }
    })
    expectAlike(answers, (answer) =>
      expect(answer).toMatchObject({
        said: [null, null, null],
        dealt: { balance: `0x${(1000n * 10n ** 18n).toString(16).padStart(64, '0')}`, allowance: `0x${'2a'.padStart(64, '0')}` },
        aliceAfter: `0x${'1'.padStart(64, '0')}`,
      }),
    )
  })
})

describe('time', () => {
  test('anvil_setTime then mine: the block is stamped with the time set; the answer is the seconds moved', async () => {
    const target = Math.floor(Date.now() / 1000) + 30 * 86_400
    const answers = await onBoth(async (url) => {
      const moved = await rpc<number>(url, 'anvil_setTime', [target])
      await rpc(url, 'evm_mine')
      const stamped = Number(BigInt((await latest(url)).timestamp))
      return { movedAboutAMonth: Math.abs(moved - 30 * 86_400) < 120, stampedAtTarget: stamped - target >= 0 && stamped - target < 5 }
    })
    expectAlike(answers, (answer) => expect(answer).toEqual({ movedAboutAMonth: true, stampedAtTarget: true }))
  })

  test('evm_setTime back to the head answers 0; anvil_increaseTime then moves the next block that much', async () => {
    const answers = await onBoth(async (url) => {
      const head = Number(BigInt((await latest(url)).timestamp))
      const back = await rpc<number>(url, 'evm_setTime', [head])
      await rpc(url, 'anvil_increaseTime', [3600])
      await rpc(url, 'evm_mine')
      const delta = Number(BigInt((await latest(url)).timestamp)) - head
      return { back, deltaAboutAnHour: delta >= 3600 && delta < 3610 }
    })
    expectAlike(answers, (answer) => expect(answer).toEqual({ back: 0, deltaAboutAnHour: true }))
  })

  test('anvil_setNextBlockTimestamp stamps exactly; anvil_getGenesisTime and anvil_getIntervalMining are JSON numbers or null', async () => {
    const answers = await onBoth(async (url) => {
      const next = Number(BigInt((await latest(url)).timestamp)) + 1000
      const said = await rpc(url, 'anvil_setNextBlockTimestamp', [next])
      await rpc(url, 'evm_mine')
      const genesis = await rpc(url, 'anvil_getGenesisTime')
      const genesisBlock = await rpc<Record<string, string>>(url, 'eth_getBlockByNumber', ['0x0', false])
      return {
        said,
        exact: Number(BigInt((await latest(url)).timestamp)) === next,
        genesisIsItsTimestamp: genesis === Number(BigInt(genesisBlock.timestamp as string)),
        interval: await rpc(url, 'anvil_getIntervalMining'),
      }
    })
    expectAlike(answers, (answer) => expect(answer).toEqual({ said: null, exact: true, genesisIsItsTimestamp: true, interval: null }))
  })
})

describe('snapshots', () => {
  test('anvil_snapshot, then anvil_revert: the chain and the state as they were; an id reverts once', async () => {
    const answers = await onBoth(async (url) => {
      const account: Hex = '0x00000000000000000000000000000000000d1f02'
      const before = await rpc(url, 'eth_blockNumber')
      const id = await rpc<Hex>(url, 'anvil_snapshot')
      await rpc(url, 'anvil_setBalance', [account, '0x99'])
      await rpc(url, 'evm_mine')
      const reverted = await rpc(url, 'anvil_revert', [id])
      return {
        idIsQuantity: /^0x[0-9a-f]+$/.test(id),
        reverted,
        sameHead: (await rpc(url, 'eth_blockNumber')) === before,
        balance: await rpc(url, 'eth_getBalance', [account, 'latest']),
        again: await rpc(url, 'anvil_revert', [id]),
      }
    })
    expectAlike(answers, (answer) => expect(answer).toEqual({ idIsQuantity: true, reverted: true, sameHead: true, balance: '0x0', again: false }))
  })
})

describe('mining and the pool', () => {
  test('anvil_mine_detailed and evm_mine_detailed answer the mined blocks with full transactions', async () => {
    const answers = await onBoth(async (url) => {
      expect(await rpc(url, 'anvil_setAutomine', [false])).toBeNull()
      const hash = await rpc<Hex>(url, 'eth_sendTransaction', [{ from: alice, to: bob, value: '0x1' }])
      const [block] = await rpc<Array<Record<string, any>>>(url, 'anvil_mine_detailed')
      const detailed = await rpc<Array<Record<string, any>>>(url, 'evm_mine_detailed', [{ timestamp: null, blocks: 2 }])
      await rpc(url, 'anvil_setAutomine', [true])
      const tx = block?.transactions[0]
      return {
        transaction: { hash: tx.hash === hash, from: tx.from, to: tx.to, value: tx.value, hasBlockHash: tx.blockHash === block?.hash },
        blocks: detailed.length,
        numbered: BigInt(detailed[1]?.number) - BigInt(detailed[0]?.number),
        empty: detailed.map((b) => b.transactions.length),
      }
    })
    expectAlike(answers, (answer) =>
      expect(answer).toEqual({
        transaction: { hash: true, from: alice, to: bob, value: '0x1', hasBlockHash: true },
        blocks: 2,
        numbered: 1n,
        empty: [0, 0],
      }),
    )
  })

  test("anvil_removePoolTransactions drops one sender's pooled transactions; hardhat_dropAllTransactions the rest", async () => {
    const answers = await onBoth(async (url) => {
      await rpc(url, 'anvil_setAutomine', [false])
      await rpc(url, 'eth_sendTransaction', [{ from: alice, to: bob, value: '0x1' }])
      await rpc(url, 'eth_sendTransaction', [{ from: alice, to: bob, value: '0x2' }])
      await rpc(url, 'eth_sendTransaction', [{ from: bob, to: alice, value: '0x3' }])
      const removed = await rpc(url, 'anvil_removePoolTransactions', [alice])
      const afterRemove = await rpc(url, 'txpool_status')
      const dropped = await rpc(url, 'hardhat_dropAllTransactions')
      const afterDrop = await rpc(url, 'txpool_status')
      await rpc(url, 'anvil_setAutomine', [true])
      return { removed, afterRemove, dropped, afterDrop }
    })
    expectAlike(answers, (answer) =>
      expect(answer).toEqual({ removed: null, afterRemove: { pending: '0x1', queued: '0x0' }, dropped: null, afterDrop: { pending: '0x0', queued: '0x0' } }),
    )
  })

  test('eth_networkId, eth_requestAccounts and anvil_setBlockGasLimit answer as on Anvil', async () => {
    const answers = await onBoth(async (url) => ({
      networkId: await rpc(url, 'eth_networkId'),
      accounts: await rpc(url, 'eth_requestAccounts'),
      gasLimit: await rpc(url, 'anvil_setBlockGasLimit', ['0x1c9c380']),
    }))
    expectAlike(answers, (answer) => expect(answer).toMatchObject({ networkId: '31337', gasLimit: true }))
  })
})
