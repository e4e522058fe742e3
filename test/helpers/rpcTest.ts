import { test } from 'vitest'
import { startDevServer, type DevServer, type NetworkInput } from './rpcChain.ts'

/**
 * The RPC tests' fixture: one real chainsim server per test file, on ephemeral ports, closed after the
 * file's last test. A file names its networks with `rpcTest.override('networks', [...])` (default: one `dev`
 * network, chain id 31337, automine) and reads the server in `test.beforeAll(({ server }) => ...)` or in a test.
 * @example
 * const test = rpcTest.override('networks', [{ name: 'dev' }, { name: 'manual', mining: { auto: false } }])
 * test.beforeAll(async ({ server }) => { token = await deployTokenViaRpc(server.url) })
 */
export const rpcTest = test
  .extend('networks', { scope: 'file' }, [{}] as Partial<NetworkInput>[])
  .extend('server', { scope: 'file' }, async ({ networks }, { onCleanup }): Promise<DevServer> => {
    const server = await startDevServer(...networks)
    onCleanup(() => server.close())
    return server
  })
