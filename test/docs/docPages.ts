import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

// The documentation as the tests read it: README.md and every page under docs/, their fenced code blocks with the
// marker above each, and their headings as GitHub turns them into anchors.

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** README.md and docs/**\/*.md, as paths from the repository's root. */
export function docPages(): string[] {
  const pages = ['README.md']
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = `${dir}/${entry.name}`
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.md')) pages.push(path)
    }
  }
  walk('docs')
  return pages
}

/** One fenced block of a page. */
export interface DocBlock {
  page: string
  /** The line of its opening fence, 1-based. */
  line: number
  lang: string
  code: string
  /** The HTML comment on the line just above the fence (`check: …`, or a repository path), without `<!--`/`-->`. */
  marker: string | undefined
}

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)\s*$/
const MARKER = /^\s*<!--\s*(.*?)\s*-->\s*$/

/** The fenced blocks of a page's text, in order; a `check:` comment that stands above no fence is an error. */
export function blocksOf(page: string, text: string): DocBlock[] {
  const lines = text.split('\n')
  const blocks: DocBlock[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!)
    if (open) {
      const [, indent, fence] = open
      const close = lines.findIndex((line, j) => j > i && line.trim() === fence)
      if (close < 0) throw new Error(`${page}:${i + 1}: a code block that is never closed`)
      const marker = i > 0 ? MARKER.exec(lines[i - 1]!)?.[1] : undefined
      const code = lines.slice(i + 1, close).map((line) => (line.startsWith(indent!) ? line.slice(indent!.length) : line))
      blocks.push({ page, line: i + 1, lang: open[3] ?? '', code: `${code.join('\n')}\n`, marker })
      i = close
      continue
    }
    const marker = MARKER.exec(lines[i]!)?.[1]
    if (marker?.startsWith('check:') && !FENCE.test(lines[i + 1] ?? ''))
      throw new Error(`${page}:${i + 1}: a check marker must stand on the line just above a code block`)
  }
  return blocks
}

export function readPage(page: string): string {
  return readFileSync(join(ROOT, page), 'utf8')
}

export function fromRoot(path: string): string {
  return relative(ROOT, path)
}

/** The anchors of a page's headings, as GitHub makes them (lower case, punctuation dropped, spaces to hyphens, duplicates numbered). */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  let inFence: string | undefined
  for (const line of text.split('\n')) {
    const fence = FENCE.exec(line)
    if (fence) {
      if (inFence === undefined) inFence = fence[2]
      else if (line.trim() === inFence) inFence = undefined
      continue
    }
    if (inFence !== undefined) continue
    for (const [, id] of line.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(id!)
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    const slug = heading[1]!
      .toLowerCase()
      .replace(/<[^>]+>/g, '')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return anchors
}
