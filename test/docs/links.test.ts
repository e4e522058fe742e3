import { existsSync, statSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { expect, test } from 'vitest'
import { ROOT, anchorsOf, docPages, readPage } from './docPages.ts'

// Every relative link and image of the docs (README.md, docs/, ARCHITECTURE.md) reaches a file of the repository,
// and a link to a heading reaches one that exists, as GitHub names it.
const PAGES = [...docPages(), 'ARCHITECTURE.md']

/** Markdown links and images, outside code: `[text](target)`, `![alt](target)`. */
function linksOf(text: string): string[] {
  const prose = text.replace(/^(\s*)(`{3,})[\s\S]*?^\1\2\s*$/gm, '').replace(/`[^`\n]*`/g, '')
  return [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map(([, target]) => target!)
}

test.each(PAGES)('%s: every relative link reaches a file or heading of the repository', (page) => {
  const text = readPage(page)
  const broken: string[] = []
  for (const target of linksOf(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue
    const [path, anchor] = target.split('#') as [string, string | undefined]
    const file = path === '' ? join(ROOT, page) : normalize(join(ROOT, dirname(page), path))
    if (relative(ROOT, file).startsWith('..')) {
      broken.push(`${target}: outside the repository`)
      continue
    }
    if (!existsSync(file)) {
      broken.push(`${target}: no such file`)
      continue
    }
    if (anchor !== undefined && file.endsWith('.md') && statSync(file).isFile() && !anchorsOf(readPage(relative(ROOT, file))).has(anchor)) {
      broken.push(`${target}: no heading #${anchor}`)
    }
  }
  expect(broken).toEqual([])
})
