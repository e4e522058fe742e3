import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

// The docs' test-suite and indexer examples are files of this repository that the suite runs: each block marked
// `<!-- path -->` must be that file, with the package's import names in place of the repository's paths, and every
// example file is shown on one of the pages that teach it.
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const PAGES = ['docs/guides/test-suites.md', 'docs/guides/indexer-reorgs.md']
const MARKED = PAGES.flatMap((page) =>
  [...readFileSync(`${ROOT}${page}`, 'utf8').matchAll(/<!-- (test\/[^ ]+) -->\n```ts\n([\s\S]*?)```/g)].map(([, path, code]) => ({
    page,
    path: path!,
    code: code!,
  })),
)
const EXAMPLES = ['', 'globalSetup/']
  .flatMap((dir) => readdirSync(`${ROOT}test/testing/examples/${dir}`).map((name) => `test/testing/examples/${dir}${name}`))
  // ownChain.spec.ts holds that a worker can start a chain beside the shared one; the guide says so in a sentence.
  .filter((path) => /\.ts$/.test(path) && !path.endsWith('ownChain.spec.ts'))

/** A repository file as a user of the package writes it. */
function asPublished(text: string): string {
  return text.replace(/from '(\.\.\/)+src\/testing\/index\.ts'/g, "from 'chainsim/testing'").replace(/from '(\.\.\/)+src\/index\.ts'/g, "from 'chainsim'")
}

test('the guides show every example of test/testing/examples/', () => {
  expect(EXAMPLES.length).toBeGreaterThanOrEqual(8)
  expect(MARKED.map((m) => m.path).sort()).toEqual(expect.arrayContaining(EXAMPLES.sort()))
})

test.each(MARKED)('$path is in $page as it is', ({ path, code }) => {
  expect(code).toBe(asPublished(readFileSync(`${ROOT}${path}`, 'utf8')))
})
