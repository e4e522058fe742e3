import { execFileSync, spawn } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Hex } from 'viem'
import { afterAll, describe, expect, test } from 'vitest'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { devAccount } from '../helpers/rpcChain.ts'
import { oneNetworkConfig, serveWithState } from './servedState.ts'

// `--state` paths through the real CLI: refused at start when they cannot be kept, and a file that stops being
// writable (a full disk: a tiny tmpfs, where this machine lets a test mount one) answered with -32000 naming it.
const BIN = fileURLToPath(new URL('../../src/bin/chainsim.mjs', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'chainsim-state-path-'))
const config = oneNetworkConfig(dir)
const mounts: string[] = []
afterAll(() => {
  for (const mount of mounts) {
    try {
      execFileSync('umount', [mount])
    } catch {}
  }
  rmSync(dir, { recursive: true, force: true })
})

/** Runs `chainsim serve --state PATH` expecting it to refuse: its exit code and output. */
function refusedStart(path: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--config', config, '--port', '0', '--state', path], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })))
}

/** Mounts a tmpfs of `size` at a new folder (read-only with `ro`); undefined where mounting is not permitted. */
function tmpfs(name: string, options: string): string | undefined {
  const mount = join(dir, name)
  mkdirSync(mount)
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', mount], { stdio: 'ignore' })
  } catch {
    return undefined
  }
  mounts.push(mount)
  return mount
}

const canMount = (() => {
  const probe = tmpfs('probe', 'size=16k')
  return probe !== undefined
})()

// The full-disk test is the only one of a failed save answering -32000: where it must run (CI, as root), a machine
// that cannot mount a tmpfs is a failure, not a skip, as a missing Anvil or browser is.
if (!canMount) {
  const line = 'full-disk state file test: mount -t tmpfs is not permitted here'
  if (process.env['CHAINSIM_REQUIRE_MOUNT'] === '1') throw new Error(`${line}: CHAINSIM_REQUIRE_MOUNT=1 makes that a failure`)
  console.warn(`${line}; skipped`)
}

describe('--state paths refused at start: exit 2, one line naming the path and why, nothing served', () => {
  const cases: Array<[string, () => string, RegExp]> = [
    [
      'a folder that does not exist',
      () => '/no/such/dir/s.state',
      /^chainsim: --state \/no\/such\/dir\/s\.state: the folder \/no\/such\/dir does not exist\n$/,
    ],
    [
      'a file where the folder should be',
      () => {
        const file = join(dir, 'plain-file')
        writeFileSync(file, 'x')
        return join(file, 's.state')
      },
      /^chainsim: --state .*plain-file\/s\.state: .*plain-file is not a folder\n$/,
    ],
    [
      'a folder given as the file',
      () => {
        const folder = join(dir, 'a-folder')
        mkdirSync(folder)
        return folder
      },
      /^chainsim: --state .*a-folder: it is a folder, not a file\n$/,
    ],
  ]
  for (const [name, path, expected] of cases) {
    test(name, async () => {
      const { code, output } = await refusedStart(path())
      expect(code).toBe(2)
      expect(output).toMatch(expected)
    })
  }

  test.skipIf(!canMount && process.getuid?.() === 0)('a folder that is not writable (a read-only mount, or a folder without write permission)', async () => {
    let folder: string
    if (process.getuid?.() === 0) {
      folder = tmpfs('read-only', 'ro,size=16k') as string
    } else {
      folder = join(dir, 'no-write')
      mkdirSync(folder, { mode: 0o555 })
    }
    const { code, output } = await refusedStart(join(folder, 's.state'))
    expect(code).toBe(2)
    expect(output).toMatch(/^chainsim: --state .*\/s\.state: the folder .* is not writable \((EROFS|EACCES)\)\n$/)
  })
})

describe('a state file on a full disk', () => {
  test.skipIf(!canMount)(
    'answers -32000 naming the file, never -32603; the previous file stays whole; writing resumes once there is room',
    async () => {
      const mount = tmpfs('full', 'size=512k') as string
      // Half the disk is taken by something else, freed later.
      const filler = join(mount, 'filler')
      writeFileSync(filler, Buffer.alloc(256 * 1024))
      const path = join(mount, 'chain.state')
      const server = await serveWithState(config, ['--state', path, '--state-interval', '0'])
      const from = devAccount(0).address
      const to = devAccount(1).address
      const acked: Hex[] = []
      let refused: { code: number; message: string } | undefined
      try {
        for (let i = 0; i < 500 && !refused; i++) {
          try {
            acked.push(await rpc<Hex>(server.url, 'eth_sendTransaction', [{ from, to, value: '0x1' }]))
          } catch (error) {
            refused = error as { code: number; message: string }
          }
        }
        expect(refused).toMatchObject({
          code: -32000,
          message: expect.stringMatching(new RegExp(`^state file ${path}: cannot be written \\(ENOSPC: no space left on device\\)`)),
        })
        // Until the file can be written again, each change says so.
        expect(await rpcError(server.url, 'eth_sendTransaction', [{ from, to, value: '0x1' }])).toMatchObject({
          code: -32000,
          message: expect.stringMatching(/cannot be written since/),
        })
        const before = readFileSync(path)
        expect(await rpcError(server.url, 'sim_saveState')).toMatchObject({
          code: -32000,
          message: expect.stringMatching(new RegExp(`^state file ${path}: cannot be saved \\(ENOSPC.*\\); the previous file is left as it was$`)),
        })
        expect(readFileSync(path).equals(before)).toBe(true)
        // The file as it is holds every answered change.
        const copy = join(dir, 'full-copy.state')
        copyFileSync(path, copy)
        const restored = await serveWithState(config, ['--state', copy])
        try {
          for (const hash of acked) expect(await rpc(restored.url, 'eth_getTransactionReceipt', [hash]), hash).not.toBeNull()
        } finally {
          await restored.kill('SIGKILL')
        }

        unlinkSync(filler)
        expect(await rpc(server.url, 'sim_saveState')).toMatchObject({ path })
        acked.push(await rpc<Hex>(server.url, 'eth_sendTransaction', [{ from, to, value: '0x1' }]))
      } finally {
        await server.kill('SIGKILL')
      }
      expect(server.output()).not.toMatch(/\n\s+at /)
      const again = await serveWithState(config, ['--state', path])
      try {
        for (const hash of acked) expect(await rpc(again.url, 'eth_getTransactionReceipt', [hash]), hash).not.toBeNull()
      } finally {
        await again.kill('SIGKILL')
      }
    },
    120_000,
  )
})
