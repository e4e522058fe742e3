import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { loadConfigFile } from '../../src/config/loadConfig.ts'
import { nodeOptionsFor } from '../../src/network.ts'
import { parseScenario } from '../../src/scenarios/loadScenario.ts'
import { rpc } from '../helpers/rpcClient.ts'
import { serveWithArgs } from '../helpers/servedProcess.ts'

// A custom profile as a YAML file, named where a user names one: a config file (JSON or YAML), the command line, a
// scenario's network. YAML's parser is loaded only where a file is named, so each of these paths must load it.
let dir: string
let profileFile: string
const PROFILE = [
  'name: flaky-l2',
  'probability: 0.25',
  'depths:',
  '  1: 3',
  '  2: 1',
  'transactions:',
  '  reinclude: 0.5',
  '  drop: 0.5',
  'sources: [a test]',
  '',
].join('\n')

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'chainsim-profile-files-'))
  profileFile = join(dir, 'flaky.yaml')
  await writeFile(profileFile, PROFILE)
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const expectFlaky = (profile: { name: string; probability: number; transactions: { drop: number } } | undefined) =>
  expect(profile).toMatchObject({ name: 'flaky-l2', probability: 0.25, transactions: { drop: 0.5 } })

test('a JSON config file names a YAML profile file', async () => {
  const config = join(dir, 'config.json')
  await writeFile(config, JSON.stringify({ networks: [{ name: 'l2', chainId: 10, reorgs: { profile: profileFile, seed: 9 } }] }))
  const [network] = (await loadConfigFile(config)).networks
  const options = nodeOptionsFor(network!)
  expectFlaky(options.reorgs?.profile)
  expect(options.reorgs?.seed).toBe(9)
})

test('a YAML config file names a YAML profile file', async () => {
  const config = join(dir, 'config.yaml')
  await writeFile(config, `networks:\n  - name: l2\n    chainId: 10\n    reorgs: { profile: ${JSON.stringify(profileFile)} }\n`)
  const [network] = (await loadConfigFile(config)).networks
  expectFlaky(nodeOptionsFor(network!).reorgs?.profile)
})

test('a scenario network names a YAML profile file', () => {
  const scenario = parseScenario(
    `name: flaky\nnetworks:\n  - name: l2\n    chainId: 10\n    reorgs: { profile: ${JSON.stringify(profileFile)} }\nsteps:\n  - mine: 1\n`,
  )
  expectFlaky(nodeOptionsFor(scenario.scenario.networks![0]!).reorgs?.profile)
})

test('chainsim serve --reorg-profile FILE follows the YAML profile', async () => {
  const served = await serveWithArgs(['--reorg-profile', profileFile, '--reorg-seed', '3'])
  try {
    const followed = (await rpc(served.url, 'sim_reorgProfile', [])) as {
      profile: { name: string; probability: number; transactions: { drop: number } }
      seed: number
    }
    expectFlaky(followed.profile)
    expect(followed.seed).toBe(3)
  } finally {
    await served.stop()
  }
})
