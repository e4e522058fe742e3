import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, expect, test, vi } from 'vitest'
import { playFiles } from '../../src/scenarios/playFiles.ts'
import { filesOfShard, parseShard } from '../../src/scenarios/shard.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

test('shards: each file in exactly one of N slices, the same slices whatever the order given', () => {
  const files = Array.from({ length: 11 }, (_, i) => `s/${String.fromCharCode(97 + ((i * 7) % 11))}.yaml`)
  for (const count of [1, 2, 3, 11, 12]) {
    const slices = Array.from({ length: count }, (_, i) => filesOfShard(files, { index: i + 1, count }))
    expect(slices.flat().sort()).toEqual([...files].sort())
    const reversed = Array.from({ length: count }, (_, i) => filesOfShard([...files].reverse(), { index: i + 1, count }))
    expect(reversed.map((slice) => [...slice].sort())).toEqual(slices.map((slice) => [...slice].sort()))
    // Within a slice, the order given.
    for (const slice of slices) expect(slice).toEqual(files.filter((f) => slice.includes(f)))
  }
  expect(parseShard(' 2/4 ')).toEqual({ index: 2, count: 4 })
  for (const bad of ['0/4', '5/4', '1/0', '1', 'a/b', '1/2/3'])
    expect(() => parseShard(bad)).toThrow(`--shard ${bad}: expected I/N with 1 ≤ I ≤ N, such as 1/4`)
})

test('options that do not go together: exit 2 and why, before anything is played', async () => {
  const errors: string[] = []
  vi.spyOn(console, 'error').mockImplementation((message: string) => void errors.push(message))
  const refused = async (options: Parameters<typeof playFiles>[1], files = ['a.yaml']) => (await playFiles(files, options)).exitCode
  expect(await refused({ json: true, reporter: 'tap' })).toBe(2)
  expect(await refused({ output: 'report.txt' })).toBe(2)
  expect(await refused({ jobs: 0 })).toBe(2)
  expect(await refused({ serve: true }, ['a.yaml', 'b.yaml'])).toBe(2)
  expect(await refused({ serve: true, shard: { index: 1, count: 2 } })).toBe(2)
  // A report that could not be written is said before a library is played for it, not with a stack trace after.
  const missing = join(tmpdir(), 'chainsim-no-such-folder', 'report.xml')
  expect(await refused({ reporter: 'junit', output: missing })).toBe(2)
  expect(await refused({ reporter: 'junit', output: join(tmpdir(), 'report.xml'), report: tmpdir() })).toBe(2)
  expect(errors).toEqual([
    'chainsim: --json is --reporter json: it cannot go with --reporter tap',
    'chainsim: --output writes a report document: give --reporter json, junit or tap',
    'chainsim: --jobs 0: expected a whole number of at least 1',
    "chainsim: --serve serves one scenario's chain: give one file",
    'chainsim: --serve serves one file: leave out --shard',
    `chainsim: --output ${missing}: cannot write there (no such folder)`,
    `chainsim: --report ${tmpdir()}: cannot write there (it is a folder)`,
  ])
})

test('worker threads play from the TypeScript sources too (tsx registered in each thread), and collect the HTML report', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chainsim-jobs-'))
  try {
    const printed: string[] = []
    vi.spyOn(console, 'log').mockImplementation((text: string) => void printed.push(text))
    const files = ['erc20-transfers.yaml', 'two-networks.json'].map((f) => fileURLToPath(new URL(`../../scenarios/${f}`, import.meta.url)))
    const output = join(dir, 'report.json')
    const html = join(dir, 'report.html')
    expect((await playFiles(files, { jobs: 2, reporter: 'json', output, report: html })).exitCode).toBe(0)
    const report = JSON.parse(await readFile(output, 'utf8'))
    expect(report.scenarios.map((s: { file: string; ok: boolean }) => [s.file, s.ok])).toEqual(files.map((f) => [f, true]))
    expect(
      printed.map((text) =>
        text
          .trim()
          .split('\n', 1)[0]!
          .replace(/ \(\d+ ms\)$/, ''),
      ),
    ).toEqual([
      `✓ ${files[0]}: ERC-20 transfers and their logs`,
      `✓ ${files[1]}: Two networks with different chain ids`,
      `report: ${html}`,
      '2 scenarios: 2 passed, 0 failed',
    ])
    // Each worker collected its file's networks before closing them: both files, every network, in file order.
    const page = await readFile(html, 'utf8')
    const data = JSON.parse(/<script type="application\/json" id="chainsim-report">(.*?)<\/script>/s.exec(page)![1]!.replace(/\\u003c/g, '<'))
    expect(data.scenarios.map((s: { file: string; networks: Array<{ name: string }> }) => [s.file, s.networks.length])).toEqual([
      [files[0], 1],
      [files[1], 2],
    ])
    for (const { networks } of data.scenarios) for (const network of networks) expect(network.tree.blocks.length).toBeGreaterThan(1)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
