import { existsSync } from 'node:fs'
import { parseConfig } from './src/config/loadConfig.ts'
import { startServer } from './src/server.ts'
import { createDevCommon, deriveDevAccounts, DEV_MNEMONIC, signTransaction } from './src/evm/index.ts'
const path = '/tmp/k29/big.state'
const blocks = Number(process.argv[2])
const config = parseConfig({ networks: [{ name: 'bench', chainId: 31337, port: 0 }] })
if (!existsSync(path)) {
  const server = await startServer(config, { port: 0, statePath: path, state: { intervalSeconds: 0 } })
  const node = server.networks[0]!.node
  const common = createDevCommon(31337n, 'bench')
  const account = deriveDevAccounts(DEV_MNEMONIC, 1)[0]!
  const t = performance.now()
  for (let i = 0; i < blocks; i++) {
    const tx = signTransaction({ type: 2, chainId: 31337n, nonce: BigInt(i), maxFeePerGas: 10n ** 11n, maxPriorityFeePerGas: 10n ** 9n, gasLimit: 21_000n, to: new Uint8Array(20).fill(7), value: 1n } as never, account.privateKey, common)
    await node.sendRawTransaction(tx.raw)
  }
  console.log('built', blocks, 'in', performance.now() - t)
  await server.close()
}
const t = performance.now()
const server = await startServer(config, { port: 0, statePath: path, state: { intervalSeconds: 0 } })
console.log('restored in', performance.now() - t, 'head', server.networks[0]!.node.head.number)
const t2 = performance.now()
await server.close()
console.log('closed (rewrite) in', performance.now() - t2)
