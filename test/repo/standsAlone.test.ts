import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

// A clone alone must pass its tests: nothing under src/, test/ or scripts/ may read or cite a folder
// outside the repository. The fixtures the tests need live under test/fixtures/ with their source.
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SCANNED = ['src', 'test', 'scripts']
// Built from parts so that this file does not match itself.
const OUTSIDE = new RegExp(['\\.\\.', '/shared', '|', '\\bshared', '/'].join(''))
const BINARY = /\.(rlp|png|jpe?g|gif|ico|woff2?)$/

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (name === 'node_modules') return []
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

test('no file under src/, test/ or scripts/ reads or cites a path outside the repository', () => {
  const offenders = SCANNED.flatMap((dir) => filesUnder(join(ROOT, dir)))
    .filter((path) => !BINARY.test(path))
    .flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, i) => (OUTSIDE.test(line) ? [`${relative(ROOT, path)}:${i + 1}: ${line.trim()}`] : [])),
    )
  expect(offenders).toEqual([])
})

test('the scan itself finds such a path', () => {
  const dir = ['sha', 'red'].join('')
  expect(OUTSIDE.test(`see ../${dir}/conformance`)).toBe(true)
  expect(OUTSIDE.test(`read ${dir}/DESIGN.md`)).toBe(true)
  expect(OUTSIDE.test('one shared Common for every transaction')).toBe(false)
})
