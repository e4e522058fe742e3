import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import WebSocket from 'ws'
import { parse as parseYaml } from 'yaml'
import { afterAll, describe, expect, test } from 'vitest'
import { DEFAULT_CONFIG } from '../../src/config/defaults.ts'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { formatReport } from '../../src/scenarios/formatReport.ts'
import { parseScenario } from '../../src/scenarios/loadScenario.ts'
import { playScenario } from '../../src/scenarios/playScenario.ts'
import { startServer } from '../../src/server.ts'
import type { RunningServer } from '../../src/server.ts'
import { ROOT, blocksOf, docPages, readPage } from './docPages.ts'
import type { DocBlock } from './docPages.ts'
import { close, listenOn, movePorts } from './ports.ts'
import { makeScratch, runScript, startServing, withLocalChainsim } from './processes.ts'
import type { Scratch } from './processes.ts'
import { runConfigPath, typeCheck } from './typeCheck.ts'

// Every fenced block of README.md and docs/ is checked for real, by its language and the marker above it
// (docs/development.md lists them): TypeScript is compiled (and run where marked), config is parsed by the config
// parser, scenarios are played, shell blocks run against real chainsim processes and a served chain, outputs are
// produced again. A block no check fits fails; a marker that excuses a block must say why.

type Check =
  | { kind: 'repository file'; path: string }
  | { kind: 'typescript'; run: boolean }
  | { kind: 'client config' }
  | { kind: 'config' | 'scenario' | 'scenario steps' | 'ci workflow' }
  | { kind: 'file'; name: string }
  | { kind: 'output'; command: string; taken?: number }
  | { kind: 'shell'; expectError?: number; standsFor?: string }
  | { kind: 'serves' }
  | { kind: 'skip'; reason: string }

const BLOCKS = docPages().flatMap((page) => blocksOf(page, readPage(page)))

/** What a block is checked by, or why it cannot be. */
function checkOf(block: DocBlock): Check | string {
  const marker = block.marker
  if (marker !== undefined && /^test\/\S+$/.test(marker))
    return block.lang === 'ts' ? { kind: 'repository file', path: marker } : 'a repository file is shown as a ts block'
  const check = marker?.startsWith('check:') ? marker.slice('check:'.length).trim() : undefined
  const skip = check === undefined ? undefined : /^skip\s*[—–-]\s*(.+)$/.exec(check)
  if (check?.startsWith('skip'))
    return skip && skip[1]!.split(/\s+/).length >= 4 ? { kind: 'skip', reason: skip[1]! } : 'a skip must say why: `check: skip — WHY`'
  const typescript = block.lang === 'ts' || block.lang === 'js'
  if (typescript && check === undefined) return { kind: 'typescript', run: false }
  if (typescript && check === 'run') return { kind: 'typescript', run: true }
  if (typescript && check?.startsWith('client config') && /[—–-]\s*\S+/.test(check)) return { kind: 'client config' }
  if ((block.lang === 'json' || block.lang === 'yaml') && check === undefined) return { kind: 'config' }
  if (block.lang === 'json' || block.lang === 'yaml') {
    if (check === 'scenario' || check === 'scenario steps' || check === 'ci workflow') return { kind: check }
    const file = /^file (\S+)$/.exec(check ?? '')
    if (file) return { kind: 'file', name: file[1]! }
  }
  if (block.lang === 'sh') {
    if (check === undefined) return { kind: 'shell' }
    if (check === 'serves') return { kind: 'serves' }
    const error = /^error (-?\d+)$/.exec(check)
    if (error) return { kind: 'shell', expectError: Number(error[1]) }
    const standsFor = /^run; "([^"]+)" stands for your own tests$/.exec(check)
    if (standsFor) return { kind: 'shell', standsFor: standsFor[1]! }
  }
  if (block.lang === 'text') {
    const output = /^output of (.+?)(?:, with (\d+) taken)?$/.exec(check ?? '')
    if (output) return { kind: 'output', command: output[1]!, ...(output[2] ? { taken: Number(output[2]) } : {}) }
  }
  return `no check for a \`${block.lang || 'plain'}\` block${marker === undefined ? ' without a marker' : ` marked "${marker}"`} (docs/development.md lists them)`
}

describe('the docs code blocks', () => {
  test('there are blocks, and each has a check', () => {
    expect(BLOCKS.length).toBeGreaterThan(40)
    const unchecked = BLOCKS.flatMap((block) => {
      const check = checkOf(block)
      return typeof check === 'string' ? [`${block.page}:${block.line}: ${check}`] : []
    })
    expect(unchecked).toEqual([])
  })

  test.each(BLOCKS.map((block) => [`${block.page}:${block.line} ${block.lang}${block.marker ? ` (${block.marker.slice(0, 60)})` : ''}`, block] as const))(
    '%s',
    async (_, block) => {
      const check = checkOf(block)
      if (typeof check === 'string') throw new Error(check)
      await CHECKS[check.kind](block, check as never)
    },
    240_000,
  )
})

// ---- what the checks share: a served chain, a scratch folder per page, one compiler run ----

let served: Promise<RunningServer> | undefined
/** `npm start`'s two networks, served in this process on free ports: what the docs' 8545 and 8546 stand for. */
function sharedChain(): Promise<RunningServer> {
  served ??= startServer(parseConfig(DEFAULT_CONFIG), { port: 0 })
  return served
}
async function sharedPorts(): Promise<{ dev: number; devInterval: number }> {
  const [dev, devInterval] = (await sharedChain()).networks.map((network) => Number(new URL(network.httpUrl).port))
  return { dev: dev!, devInterval: devInterval! }
}

const scratches = new Map<string, Scratch>()
function scratchOf(page: string): Scratch {
  if (!scratches.has(page)) scratches.set(page, makeScratch())
  return scratches.get(page)!
}

let compiled: Promise<Map<string, string[]>> | undefined
const idOf = (block: DocBlock) => `${block.page.replace(/\W+/g, '-')}-${block.line}`
function compilerErrors(block: DocBlock): Promise<string[]> {
  compiled ??= typeCheck(BLOCKS.filter((b) => (checkOf(b) as Check).kind === 'typescript').map((b) => ({ id: idOf(b), code: b.code })))
  return compiled.then((errors) => errors.get(idOf(block)) ?? [`${idOf(block)} was not compiled`])
}

afterAll(async () => {
  if (served) await (await served).close()
  for (const scratch of scratches.values()) rmSync(scratch.dir, { recursive: true, force: true })
})

/** JSON-RPC over HTTP to a served network. */
async function rpc(url: string, method: string, params: unknown[] = []): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
}

/** The JSON-RPC answers a script printed (curl prints them one after another, with or without line breaks). */
function jsonRpcAnswers(output: string): Array<{ result?: unknown; error?: { code: number } }> {
  const answers = []
  for (let start = output.indexOf('{"jsonrpc"'); start >= 0; start = output.indexOf('{"jsonrpc"', start + 1)) {
    let depth = 0
    let inString = false
    for (let i = start; i < output.length; i++) {
      const char = output[i]
      if (inString) {
        if (char === '\\') i++
        else if (char === '"') inString = false
      } else if (char === '"') inString = true
      else if (char === '{') depth++
      else if (char === '}' && --depth === 0) {
        answers.push(JSON.parse(output.slice(start, i + 1)))
        break
      }
    }
  }
  return answers
}

/** Lines of output compared as a reader compares them: trailing spaces and durations aside. */
const comparable = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trimEnd().replace(/\(\d+(?:\.\d+)? ms\)/g, '(… ms)'))
    .filter((line) => line !== '')

// ---- the checks ----

const CHECKS: { [K in Check['kind']]: (block: DocBlock, check: Extract<Check, { kind: K }>) => Promise<void> } = {
  async 'repository file'(block, { path }) {
    // The file as a user of the package writes it: the package's names in place of the repository's paths.
    const published = readFileSync(join(ROOT, path), 'utf8')
      .replace(/from '(\.\.\/)+src\/testing\/index\.ts'/g, "from 'chainsim/testing'")
      .replace(/from '(\.\.\/)+src\/index\.ts'/g, "from 'chainsim'")
    expect(block.code).toBe(published)
    expect(path, 'a file the suite runs, or one its tests import').toMatch(/\.test\.ts$|^test\/testing\/examples\//)
  },

  async typescript(block, { run }) {
    expect(await compilerErrors(block)).toEqual([])
    if (!run) return
    const { text } = await movePorts(block.code, await sharedPorts())
    const file = join(ROOT, '.cache', 'docs-blocks', `run-${idOf(block)}.ts`)
    writeFileSync(file, text)
    const scratch = scratchOf(block.page)
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', file], {
      cwd: ROOT,
      env: { ...scratch.env, TSX_TSCONFIG_PATH: runConfigPath() },
      timeout: 120_000,
    }).catch((error: { stdout: string; stderr: string }) => {
      throw new Error(`the block failed when run:\n${error.stdout}\n${error.stderr}`)
    })
    expect(stderr).not.toMatch(/Error/)
    return void stdout
  },

  async 'client config'(block) {
    // Not compiled (its library is not a dependency): every URL it names is asked for its chain id.
    const { text } = await movePorts(block.code, await sharedPorts())
    const urls = [...text.matchAll(/\b(?:https?|wss?):\/\/127\.0\.0\.1:\d+[^\s'"`)]*/g)].map(([url]) => url)
    expect(urls.length, 'the block names a URL').toBeGreaterThan(0)
    const chainIds = new Set<number>()
    for (const url of urls) {
      const answer = url.startsWith('ws') ? await wsRpc(url, 'eth_chainId') : await rpc(url, 'eth_chainId')
      expect(answer.error, url).toBeUndefined()
      chainIds.add(Number(answer.result))
    }
    for (const [, id, named] of block.code.matchAll(/\bid:\s*(\d+)|chain id (\d+)/g))
      expect([...chainIds], 'the chain id the block names').toContain(Number(id ?? named))
  },

  async config(block) {
    const value = block.lang === 'json' ? JSON.parse(block.code) : parseYaml(block.code)
    expect(() => parseConfig(value, `${block.page}:${block.line}`)).not.toThrow()
  },

  async scenario(block) {
    const played = await playScenario(parseScenario(block.code, `${block.page}:${block.line}`).scenario)
    try {
      expect(played.report.ok, formatReport(played.report)).toBe(true)
    } finally {
      await played.close()
    }
  },

  async 'scenario steps'(block) {
    const text = `name: the steps of ${block.page}:${block.line}\nsteps:\n${block.code}`
    const played = await playScenario(parseScenario(text, `${block.page}:${block.line}`).scenario)
    try {
      expect(played.report.ok, formatReport(played.report)).toBe(true)
    } finally {
      await played.close()
    }
  },

  async 'ci workflow'(block) {
    // A CI file: its chainsim commands are run as its matrix's first machine would run them.
    const workflow = parseYaml(block.code) as unknown
    const commands: string[] = []
    let shard: unknown
    let parallel: unknown
    const walk = (value: unknown, key?: string) => {
      if (key === 'run' && typeof value === 'string') commands.push(value)
      else if (key === 'script' && Array.isArray(value)) commands.push(...value.filter((v): v is string => typeof v === 'string'))
      else if (key === 'shard' && Array.isArray(value)) shard = value[0]
      else if (key === 'parallel') parallel = value
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, Array.isArray(value) ? undefined : k)
    }
    walk(workflow)
    const chainsim = commands.filter((command) => command.startsWith('npx chainsim'))
    expect(chainsim.length, 'the workflow runs chainsim').toBeGreaterThan(0)
    const scratch = scratchOf(block.page)
    for (const command of chainsim) {
      const script = withLocalChainsim(command.replace(/\$\{\{\s*matrix\.shard\s*\}\}/g, String(shard)))
      const env = `export CI_NODE_INDEX=1 CI_NODE_TOTAL=${String(parallel ?? 1)}\n`
      const run = await runScript(env + script, scratch)
      expect(run.code, run.output).toBe(0)
      const output = /--output (\S+)/.exec(script.replace('$CI_NODE_INDEX', '1'))?.[1]
      if (output) expect(readFileSync(join(scratch.dir, output), 'utf8')).toContain('<testsuites')
    }
  },

  async file(block, { name }) {
    const path = join(scratchOf(block.page).dir, name)
    mkdirSync(dirname(path), { recursive: true })
    if (existsSync(path)) throw new Error(`${name} is already in the page's folder (a file of scenarios/, or an earlier block's)`)
    writeFileSync(path, block.code)
  },

  async output(block, { command, taken }) {
    const scratch = scratchOf(block.page)
    const { text: script, moved } = await movePorts(command)
    const expected = block.code.replace(/\b\d{4,5}\b/g, (port) => String(moved.get(Number(port)) ?? port))
    const held = taken === undefined ? undefined : await listenOn(moved.get(taken) ?? taken)
    try {
      const run = await runScript(withLocalChainsim(script), scratch)
      const lines = comparable(run.output)
      let at = 0
      for (const line of comparable(expected)) {
        const found = lines.indexOf(line, at)
        expect(found, `"${line}" in what \`${script}\` printed:\n${run.output}`).toBeGreaterThanOrEqual(0)
        at = found + 1
      }
    } finally {
      if (held) await close(held)
    }
  },

  async shell(block, { expectError, standsFor }) {
    let script = block.code
    // The user's own test command becomes a request to the chain it would test.
    if (standsFor !== undefined) {
      const request = `curl -sf -H 'content-type: application/json' -d '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}' "\${RPC_URL:-http://127.0.0.1:8545/v3/ci}"; echo`
      expect(script).toContain(standsFor)
      script = script.split(standsFor).join(request)
    }
    if (/chainsim (serve|play\b.*--serve)/.test(script) && !/--port \d+/.test(script))
      throw new Error('a block that starts chainsim names its port (--port 8545), for the test to move it')
    const usesShared = /\b854[56]\b/.test(script.replace(/--port \d+/g, ''))
    const shared = usesShared ? await sharedPorts() : undefined
    const { text } = await movePorts(script, shared)
    if (shared) await beforeSharedUse(shared)
    try {
      const run = await runScript(withLocalChainsim(text), scratchOf(block.page))
      expect(run.code, run.output).toBe(0)
      const answers = jsonRpcAnswers(run.output)
      if (/\bcurl\b/.test(block.code)) expect(answers.length, run.output).toBeGreaterThan(0)
      for (const answer of answers) {
        if (expectError === undefined) expect(answer.error, run.output).toBeUndefined()
        else expect(answer.error?.code, run.output).toBe(expectError)
      }
    } finally {
      if (shared) await afterSharedUse(shared)
    }
  },

  async serves(block) {
    for (let line of block.code.split('\n').map((l) => l.replace(/\s+#.*$/, '').trim())) {
      if (line === '' || line.startsWith('#')) continue
      // A line that leaves the port to chainsim's default (8545) is given one, which is then moved to a free port.
      if (!/--port \d+/.test(line)) line = `${line} --port 8545`
      const usesShared = /\b854[56]\b/.test(line.replace(/--port \d+/g, ''))
      const { text } = await movePorts(line, usesShared ? await sharedPorts() : undefined)
      const server = await startServing(withLocalChainsim(text), scratchOf(block.page), /HTTP\s+http:\/\/\S+/)
      try {
        const url = /HTTP\s+(http:\/\/\S+)/.exec(server.output())![1]!
        const answer = await rpc(url, 'eth_chainId')
        expect(answer.error, server.output()).toBeUndefined()
        expect(answer.result).toMatch(/^0x[0-9a-f]+$/)
      } finally {
        expect(await server.stop(), server.output()).toBe(0)
      }
    }
  },

  async skip(_, { reason }) {
    expect(reason.length).toBeGreaterThan(20)
  },
}

/** A few blocks on both shared networks, so that a reorg of a few blocks has blocks to replace. */
async function beforeSharedUse(ports: { dev: number; devInterval: number }): Promise<void> {
  for (const port of [ports.dev, ports.devInterval]) expect((await rpc(`http://127.0.0.1:${port}/`, 'anvil_mine', ['0x5'])).error).toBeUndefined()
}

/** Faults and reorg profiles a block armed on the shared chain are cleared, so that the next block meets a plain chain. */
async function afterSharedUse(ports: { dev: number; devInterval: number }): Promise<void> {
  for (const port of [ports.dev, ports.devInterval]) {
    await rpc(`http://127.0.0.1:${port}/`, 'sim_fault', [{ kind: 'none' }])
    await rpc(`http://127.0.0.1:${port}/`, 'sim_reorgProfile', [null])
  }
}

/** One JSON-RPC call over a WebSocket. */
function wsRpc(url: string, method: string): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url)
    socket.once('error', reject)
    socket.once('open', () => socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] })))
    socket.once('message', (data) => {
      socket.close()
      resolve(JSON.parse(String(data)))
    })
  })
}
