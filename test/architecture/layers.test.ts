import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import {
  entryViolations,
  explorerUiViolations,
  fileCycle,
  findCycle,
  folderCycle,
  importGraph,
  importsOf,
  layerViolations,
  sourceFiles,
  unlistedFolders,
} from './importGraph.ts'
import type { Import, LayerTable } from './importGraph.ts'
import { ENTRY_FILES, EXPLORER_UI, EXPLORER_UI_MAY_IMPORT, LAYERS, SAME_LAYER } from './layers.ts'

const SRC = fileURLToPath(new URL('../../src/', import.meta.url))
const TABLE: LayerTable = { layers: LAYERS, sameLayer: SAME_LAYER }
const inUi = (file: string) => file.startsWith(`${EXPLORER_UI}/`)

describe("src/'s imports", () => {
  const files = sourceFiles(SRC)
  const all = importGraph(SRC)
  // src/explorer/ui is the browser's: checked on its own, below.
  const imports = all.filter(({ from }) => !inUi(from))

  test('every folder is in a layer', () => {
    expect(
      unlistedFolders(
        files.filter((file) => !inUi(file)),
        TABLE,
      ),
    ).toEqual([])
  })

  test('every import across folders points to a lower layer or an allowed folder of its own', () => {
    expect(layerViolations(imports, TABLE)).toEqual([])
  })

  test('no file imports itself back, type imports included', () => {
    expect(fileCycle(imports)).toBeUndefined()
  })

  test('no folder imports itself back', () => {
    expect(folderCycle(imports)).toBeUndefined()
  })

  test('the rest of src/ enters evm through evm/index.ts and evm/types.ts', () => {
    expect(entryViolations(imports, ENTRY_FILES)).toEqual([])
  })

  test("the explorer's browser code imports only its own folder and the answers' types", () => {
    expect(explorerUiViolations(all, EXPLORER_UI, EXPLORER_UI_MAY_IMPORT)).toEqual([])
  })

  test('the table is one: no folder in two layers, no same-layer pair across layers', () => {
    const listed = LAYERS.flatMap((layer) => layer.folders)
    expect(listed.filter((folder, i) => listed.indexOf(folder) !== i)).toEqual([])
    const layerOf = (folder: string) => LAYERS.findIndex((layer) => layer.folders.includes(folder))
    expect(SAME_LAYER.filter(([a, b]) => layerOf(a) === -1 || layerOf(a) !== layerOf(b))).toEqual([])
    expect(findCycle(SAME_LAYER)).toBeUndefined()
  })

  test('the reader sees the imports TypeScript sees: type imports, re-exports and import()', () => {
    // src/index.ts re-exports, src/cli.ts loads its commands with import(), src/rpc/methodContext.ts imports types.
    expect(importsOf(SRC, 'index.ts')).toContainEqual({ from: 'index.ts', to: 'node.ts' })
    expect(importsOf(SRC, 'cli.ts')).toContainEqual({ from: 'cli.ts', to: 'commands/serve.ts' })
    expect(importsOf(SRC, 'rpc/methodContext.ts')).toContainEqual({ from: 'rpc/methodContext.ts', to: 'node.ts' })
    expect(importsOf(SRC, 'logs/index.ts').every(({ to }) => to.endsWith('.ts'))).toBe(true)
  })
})

describe('the checks fail where they should, over a small graph', () => {
  const table: LayerTable = {
    layers: [
      { name: 'low', folders: ['a', 'b'] },
      { name: 'high', folders: ['c'] },
    ],
    sameLayer: [['b', 'a']],
  }
  const edge = (from: string, to: string): Import => ({ from, to })

  test('a folder in no layer is named, with a file of it', () => {
    expect(unlistedFolders(['a/x.ts', 'd/y.ts', 'e.ts'], table)).toEqual([
      'src/d/y.ts: folder d is in no layer of test/architecture/layers.ts; add it to the layer its imports put it in',
      'src/e.ts: folder e is in no layer of test/architecture/layers.ts; add it to the layer its imports put it in',
    ])
  })

  test('an import upwards, or sideways without a pair, is named with both layers', () => {
    const imports = [edge('c/x.ts', 'a/y.ts'), edge('b/x.ts', 'a/y.ts'), edge('a/y.ts', 'c/x.ts'), edge('a/y.ts', 'b/z.ts'), edge('a/y.ts', 'a/w.ts')]
    expect(layerViolations(imports, table)).toEqual([
      "src/a/y.ts imports src/c/x.ts: a (layer 0, low) may not import c (layer 1, high); move what a/y.ts needs of src/c/x.ts down to a's layer or below, or hand it in from above",
      'src/a/y.ts imports src/b/z.ts: a (layer 0, low) may not import b (layer 0, low); move what a/y.ts needs into a or below, or allow a -> b in SAME_LAYER if the order is right',
    ])
  })

  test('a file cycle is printed as a path, type imports like any other', () => {
    const imports = [edge('a/x.ts', 'a/y.ts'), edge('a/y.ts', 'b/z.ts'), edge('b/z.ts', 'a/x.ts'), edge('c/w.ts', 'a/x.ts')]
    expect(fileCycle(imports)).toBe(
      'import circle: src/a/x.ts -> src/a/y.ts -> src/b/z.ts -> src/a/x.ts; break it by moving what one of them needs below the others',
    )
    expect(fileCycle(imports.slice(0, 2))).toBeUndefined()
  })

  test('a folder cycle is found though no file cycle is', () => {
    const imports = [edge('a/x.ts', 'b/y.ts'), edge('b/z.ts', 'a/w.ts')]
    expect(fileCycle(imports)).toBeUndefined()
    expect(folderCycle(imports)).toBe('folder circle: a -> b -> a')
  })

  test("an import past a folder's entry files is named", () => {
    const imports = [edge('b/x.ts', 'a/index.ts'), edge('b/x.ts', 'a/inner.ts'), edge('a/index.ts', 'a/inner.ts')]
    expect(entryViolations(imports, { a: ['a/index.ts'] })).toEqual([
      'src/b/x.ts imports src/a/inner.ts: the rest of src/ enters a through a/index.ts; import it from there',
    ])
  })

  test("the browser code's imports outside its folder are named", () => {
    const imports = [edge('ui/x.ts', 'ui/y.ts'), edge('ui/x.ts', 'errors.ts'), edge('ui/x.ts', 'node.ts')]
    expect(explorerUiViolations(imports, 'ui', ['errors.ts'])).toEqual([
      'src/ui/x.ts imports src/node.ts: the browser code of src/ui imports only its own folder and errors.ts',
    ])
  })
})
