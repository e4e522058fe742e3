import { copyFileSync, mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { startChainsim } from '../../src/testing/index.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { serveWithArgs, type ServedProcess } from '../helpers/servedProcess.ts'

const dir = mkdtempSync(join(tmpdir(), 'chainsim-save-'))
const path = join(dir, 'chain.state')
const started: ServedProcess[] = []
const serve = async (args: string[]) => {
  const served = await serveWithArgs(args)
  started.push(served)
  return served
}
afterAll(async () => {
  for (const served of started) await served.stop()
})

describe('valid params', () => {
  test('writes every network to the state file now: where and when; a chain served from that file has its head', async () => {
    const served = await serve(['--state', path, '--state-interval', '0'])
    await rpc(served.url, 'anvil_mine', [3])
    await rpc(served.url, 'anvil_setBalance', ['0x00000000000000000000000000000000000005a1', '0x1234'])
    const head = await rpc(served.url, 'eth_getBlockByNumber', ['latest', false])
    const asked = Date.now()
    const answer = await rpc<{ path: string; savedAt: string }>(served.url, 'sim_saveState')
    expect(answer.path).toBe(path)
    const savedAt = Date.parse(answer.savedAt)
    expect(savedAt).toBeGreaterThanOrEqual(asked - 1_000)
    expect(savedAt).toBeLessThanOrEqual(Date.now())
    // Written at that moment: the file's own time says so.
    expect(Math.abs(statSync(path).mtimeMs - savedAt)).toBeLessThan(2_000)
    // What it wrote, as a killed process would leave it, serves the same chain.
    const copy = join(dir, 'copy.state')
    copyFileSync(path, copy)
    const again = await serve(['--state', copy])
    expect(await rpc(again.url, 'eth_getBlockByNumber', ['latest', false])).toEqual(head)
    expect(await rpc(again.url, 'eth_getBalance', ['0x00000000000000000000000000000000000005a1', 'latest'])).toBe('0x1234')
    // Two served processes, each started as a user starts one.
  }, 90_000)
})

describe('invalid params', () => {
  test('without a state file → -32000 naming --state', async () => {
    const plain = await startChainsim({ networks: [{}] })
    try {
      expect(await rpcError(plain.url, 'sim_saveState')).toMatchObject({ code: -32000, message: expect.stringMatching(/--state/) })
    } finally {
      await plain.close()
    }
  })

  test('any argument → -32602 too many arguments', async () => {
    const plain = await startChainsim({ networks: [{}] })
    try {
      expect(await rpcError(plain.url, 'sim_saveState', [path])).toMatchObject({
        code: -32602,
        message: expect.stringMatching(/too many arguments for sim_saveState/),
      })
    } finally {
      await plain.close()
    }
  })
})
