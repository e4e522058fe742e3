import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import type { Layer } from './layers.ts'

/** One import of one file of src/ by another, paths relative to src/ (`rpc/registry.ts`). */
export interface Import {
  from: string
  to: string
}

/** Every TypeScript file under `dir`, relative to it. */
export function sourceFiles(dir: string, under = ''): string[] {
  return readdirSync(join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const path = under === '' ? entry.name : `${under}/${entry.name}`
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(dir, path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/**
 * The files of src/ that `file` imports: `import`, `import type`, `export … from` and `import()` all count.
 * Relative specifiers only (packages are no layer), `.js` read as `.ts`, a folder as its index.ts. Read from the
 * text with comments taken out: TypeScript 7's compiler (this repository's) has no JavaScript parser API.
 */
export function importsOf(srcDir: string, file: string): Import[] {
  return specifiersIn(readFileSync(join(srcDir, file), 'utf8')).flatMap((specifier) => {
    if (!specifier.startsWith('.')) return []
    const target = resolveSpecifier(resolve(srcDir, dirname(file), specifier))
    return target === undefined ? [] : [{ from: file, to: relative(srcDir, target).split('\\').join('/') }]
  })
}

/** `import … from '…'`, `import '…'`, `export … from '…'` (types too) and `import('…')`. */
const STATIC = /(?:^|[^\w$.])(?:import|export)\s+(?:type\s+)?(?:[\w$*{},\s]*?\s*from\s*)?['"]([^'"\n]+)['"]/g
const DYNAMIC = /(?:^|[^\w$.])import\(\s*['"]([^'"\n]+)['"]\s*\)/g

/** The module specifiers `text` imports, its comments left out (a comment may quote an import). */
export function specifiersIn(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
  return [...code.matchAll(STATIC), ...code.matchAll(DYNAMIC)].map((match) => match[1] as string)
}

function resolveSpecifier(path: string): string | undefined {
  const candidates = [path, path.replace(/\.js$/, '.ts'), path.replace(/\.jsx$/, '.tsx'), `${path}.ts`, `${path}.tsx`, join(path, 'index.ts')]
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate))
}

/** Every import between files of src/ (src/explorer/ui's own are kept apart: see `checkExplorerUi`). */
export function importGraph(srcDir: string): Import[] {
  return sourceFiles(srcDir).flatMap((file) => importsOf(srcDir, file))
}

/** The folder a file of src/ belongs to: its first path segment, or for a top-level file its name. */
export function folderOf(file: string): string {
  const slash = file.indexOf('/')
  return slash === -1 ? file.replace(/\.tsx?$/, '') : file.slice(0, slash)
}

/** The layers as a lookup: folder → its layer's index and name, and the same-layer imports allowed. */
export interface LayerTable {
  layers: readonly Layer[]
  sameLayer: ReadonlyArray<readonly [string, string]>
}

function layerIndex(table: LayerTable): Map<string, number> {
  const index = new Map<string, number>()
  for (const [i, layer] of table.layers.entries()) for (const folder of layer.folders) index.set(folder, i)
  return index
}

const describe = (table: LayerTable, folder: string, layer: number) => `${folder} (layer ${layer}, ${table.layers[layer]?.name})`

/** Check 1: every folder of src/ that holds a file is in the table. One message per folder, naming a file of it. */
export function unlistedFolders(files: readonly string[], table: LayerTable): string[] {
  const index = layerIndex(table)
  const firstFile = new Map<string, string>()
  for (const file of files) if (!firstFile.has(folderOf(file))) firstFile.set(folderOf(file), file)
  return [...firstFile]
    .filter(([folder]) => !index.has(folder))
    .map(([folder, file]) => `src/${file}: folder ${folder} is in no layer of test/architecture/layers.ts; add it to the layer its imports put it in`)
}

/**
 * Check 2: every import across folders points to a lower layer, or to a folder of its own layer that SAME_LAYER
 * allows. One message per offending import, naming it and what to do.
 */
export function layerViolations(imports: readonly Import[], table: LayerTable): string[] {
  const index = layerIndex(table)
  const allowed = new Set(table.sameLayer.map(([a, b]) => `${a} -> ${b}`))
  return imports.flatMap(({ from, to }) => {
    const a = folderOf(from)
    const b = folderOf(to)
    const la = index.get(a)
    const lb = index.get(b)
    if (a === b || la === undefined || lb === undefined) return []
    if (lb < la || (lb === la && allowed.has(`${a} -> ${b}`))) return []
    const fix =
      lb === la
        ? `move what ${from} needs into ${a} or below, or allow ${a} -> ${b} in SAME_LAYER if the order is right`
        : `move what ${from} needs of src/${to} down to ${a}'s layer or below, or hand it in from above`
    return [`src/${from} imports src/${to}: ${describe(table, a, la)} may not import ${describe(table, b, lb)}; ${fix}`]
  })
}

/**
 * A cycle of the directed graph, as a path that ends where it starts (`a -> b -> a`), or undefined when it has
 * none: Tarjan's strongly connected components, then a path around the first one found.
 */
export function findCycle(edges: ReadonlyArray<readonly [string, string]>): string[] | undefined {
  const next = new Map<string, string[]>()
  for (const [a, b] of edges) {
    if (a === b) return [a, a]
    next.set(a, [...(next.get(a) ?? []), b])
  }
  const component = stronglyConnected(next).find((c) => c.length > 1)
  if (!component) return undefined
  // A shortest way back to the start (the first by name, so the message is the same each run) within the
  // component, breadth first: a cycle.
  const inside = new Set(component)
  const start = [...component].sort()[0] as string
  const cameFrom = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift() as string
    for (const to of next.get(node) ?? []) {
      if (!inside.has(to)) continue
      if (to === start) {
        const path = [start]
        for (let at: string | undefined = node; at !== undefined && at !== start; at = cameFrom.get(at)) path.splice(1, 0, at)
        return [...path, start]
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node)
        queue.push(to)
      }
    }
  }
  return component
}

function stronglyConnected(next: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []
  let counter = 0
  const visit = (v: string) => {
    index.set(v, counter)
    low.set(v, counter)
    counter++
    stack.push(v)
    onStack.add(v)
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number))
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = []
      let w: string
      do {
        w = stack.pop() as string
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      components.push(component)
    }
  }
  for (const v of next.keys()) if (!index.has(v)) visit(v)
  return components
}

/** Check 3: no file imports itself back, type imports included; the message prints one cycle as a path. */
export function fileCycle(imports: readonly Import[]): string | undefined {
  const cycle = findCycle(imports.map(({ from, to }) => [from, to] as const))
  return cycle && `import circle: ${cycle.map((file) => `src/${file}`).join(' -> ')}; break it by moving what one of them needs below the others`
}

/** The same at folder level: folders whose imports go round. */
export function folderCycle(imports: readonly Import[]): string | undefined {
  const edges = imports.filter(({ from, to }) => folderOf(from) !== folderOf(to)).map(({ from, to }) => [folderOf(from), folderOf(to)] as const)
  const cycle = findCycle(edges)
  return cycle && `folder circle: ${cycle.join(' -> ')}`
}

/** src/explorer/ui imports its own folder and the files allowed it, nothing else of src/. */
export function explorerUiViolations(imports: readonly Import[], uiFolder: string, mayImport: readonly string[]): string[] {
  const inUi = (file: string) => file.startsWith(`${uiFolder}/`)
  return imports
    .filter(({ from, to }) => inUi(from) && !inUi(to) && !mayImport.includes(to))
    .map(({ from, to }) => `src/${from} imports src/${to}: the browser code of src/${uiFolder} imports only its own folder and ${mayImport.join(', ')}`)
}

/** An import from outside a folder with entry files that reaches past them. */
export function entryViolations(imports: readonly Import[], entries: Readonly<Record<string, readonly string[]>>): string[] {
  return imports.flatMap(({ from, to }) => {
    const folder = folderOf(to)
    const allowed = entries[folder]
    if (!allowed || folderOf(from) === folder || allowed.includes(to)) return []
    return [`src/${from} imports src/${to}: the rest of src/ enters ${folder} through ${allowed.join(' or ')}; import it from there`]
  })
}
