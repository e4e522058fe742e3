import { Contract, JsonRpcProvider, Wallet } from 'ethers'
import type { EventLog, Log } from 'ethers'
import { expect } from 'vitest'
import { ChainsimToken } from '../../../src/index.ts'
import { test, withToken } from './chainsimTest.ts'

test('an ethers indexer finds a reorg by block hash and reads the new branch again', async ({ chainsim }) => {
  const { token } = await withToken(chainsim)
  const provider = new JsonRpcProvider(chainsim.url, chainsim.chainId, { staticNetwork: true, cacheTimeout: -1 })
  const alice = new Wallet(chainsim.accounts[0]!.privateKey, provider)
  const erc20 = new Contract(token, ChainsimToken.abi, alice)

  // The indexer: Transfer logs by block, and the hash of every block it read them from.
  const logs = new Map<number, Array<EventLog | Log>>()
  const hashes = new Map<number, string>()
  let next = 0
  const pollOnce = async () => {
    // Walk back while a block it holds is no longer the chain's: a reorg replaced it.
    while (next > 0 && (await provider.getBlock(next - 1))?.hash !== hashes.get(next - 1)) {
      next -= 1
      logs.delete(next)
      hashes.delete(next)
    }
    const head = await provider.getBlockNumber()
    for (let number = next; number <= head; number++) hashes.set(number, (await provider.getBlock(number))!.hash!)
    for (const log of await erc20.queryFilter('Transfer', next, head)) logs.set(log.blockNumber, [...(logs.get(log.blockNumber) ?? []), log])
    next = head + 1
  }

  for (const value of [1n, 2n, 3n]) await (await erc20.getFunction('transfer')(chainsim.accounts[1]!.address, value)).wait()
  await pollOnce()
  await provider.send('sim_reorg', [{ depth: 2 }]) // blocks 3-4 replaced; transfers 2 and 3 mined again in block 4
  await pollOnce()

  const held = [...logs.values()].flat().map((log) => [log.blockNumber, log.blockHash, log.index])
  const canonical = (await erc20.queryFilter('Transfer', 0, 'latest')).map((log) => [log.blockNumber, log.blockHash, log.index])
  expect(held).toEqual(canonical)
  expect(canonical.map(([number]) => number)).toEqual([1, 2, 4, 4]) // the mint, then transfer 1 in block 2, 2 and 3 in block 4
  provider.destroy()
})
