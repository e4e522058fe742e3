import { createPublicClient, createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { test as base } from 'vitest'
import { ChainsimToken } from '../../../src/index.ts'
import { chainsimFixtures } from '../../../src/testing/index.ts'
import type { Chainsim, ChainsimFixtureContext } from '../../../src/testing/index.ts'

// Every test gets `chainsim`: one server per test file, reverted to this state after each test.
export const test = base.extend<ChainsimFixtureContext>(chainsimFixtures({ networks: [{ name: 'dev', chainId: 31337 }] }))

/** A wallet of dev account 0 over HTTP, and a freshly deployed ERC-20 (block 1). */
export async function withToken(chainsim: Chainsim) {
  const wallet = createWalletClient({ chain: foundry, transport: http(chainsim.url), account: privateKeyToAccount(chainsim.accounts[0]!.privateKey) })
  const hash = await wallet.deployContract({ abi: ChainsimToken.abi, bytecode: ChainsimToken.bytecode, args: ['Token', 'TOK', 10n ** 24n] })
  const { contractAddress } = await createPublicClient({ chain: foundry, transport: http(chainsim.url) }).getTransactionReceipt({ hash })
  return { wallet, token: contractAddress! }
}
