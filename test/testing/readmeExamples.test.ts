import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

// The README's test-suite examples are files of this repository that the suite runs: each block marked
// `<!-- path -->` must be that file, with the package's import names in place of the repository's paths.
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const README = readFileSync(`${ROOT}README.md`, 'utf8')
const MARKED = [...README.matchAll(/<!-- (test\/[^ ]+) -->\n```ts\n([\s\S]*?)```/g)].map(([, path, code]) => ({ path: path!, code: code! }))

/** A repository file as a user of the package writes it. */
function asPublished(text: string): string {
  return text.replace(/from '(\.\.\/)+src\/testing\/index\.ts'/g, "from 'chainsim/testing'").replace(/from '(\.\.\/)+src\/index\.ts'/g, "from 'chainsim'")
}

test('the README shows the examples of test/testing/examples/', () => {
  expect(MARKED.map((m) => m.path)).toEqual(
    expect.arrayContaining(['test/testing/examples/chainsimTest.ts', 'test/testing/examples/watchReorg.test.ts', 'test/testing/examples/globalSetup/globalSetup.ts']),
  )
})

test.each(MARKED)('$path is in the README as it is', ({ path, code }) => {
  expect(code).toBe(asPublished(readFileSync(`${ROOT}${path}`, 'utf8')))
})
