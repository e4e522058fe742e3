import { test } from 'vitest'
import { startChainsim, type Chainsim, type StartChainsimOptions } from '../../src/testing/index.ts'

/**
 * The RPC tests' fixture: one real chainsim server per test file, on ephemeral ports, closed after the
 * file's last test. A file names its networks with `rpcTestWith([...])` (default: one `dev`
 * network, chain id 31337, automine) and reads the server in `test.beforeAll(({ server }) => ...)` or in a test.
 * @example
 * const test = rpcTestWith([{ name: 'dev' }, { name: 'manual', mining: { auto: false } }])
 * test.beforeAll(async ({ server }) => { token = await deployTokenViaRpc(server.url) })
 */
export function rpcTestWith(networks: NonNullable<StartChainsimOptions['networks']>) {
  return test.extend('networks', { scope: 'file' }, networks).extend('server', { scope: 'file' }, async ({ networks }, { onCleanup }): Promise<Chainsim> => {
    const server = await startChainsim({ networks })
    onCleanup(() => server.close())
    return server
  })
}

/** The fixture with the default network: one `dev` network, chain id 31337, automine. */
export const rpcTest = rpcTestWith([{}])
