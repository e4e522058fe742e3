import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'
import type { Source } from './source.ts'
import type { ForkTree as ForkTreeAnswer, Reorg, TreeBlock } from './types.ts'
import { extraText, num, short } from './format.ts'
import { FIRST_TREE_MARK } from './marks.ts'

/** Pixels per height: rows are one line each, so any height's position is known without measuring. */
export const ROW_HEIGHT = 34
/** Heights read at once (one sim_forkTree call). */
const CHUNK = 100
/** Rows drawn above and below the visible ones, so that scrolling a little shows drawn rows. */
const OVERSCAN = 8

interface Chunk {
  blocks: Map<number, TreeBlock[]>
  crowded: Map<number, number>
  reorgs: Reorg[]
}

export interface Tags {
  /** The highest height of any block: the top row (above the head after a rollback). */
  top: number
  /** The chain's first block: the bottom row (a fork's fork block; the upstream's blocks below are not drawn). */
  first: number
  head: number
  safe: number
  finalized: number
}

interface Props {
  source: Source
  tags: Tags
  /** Bumped with the lowest height that changed; chunks from there on are read again. */
  change: { seq: number; from: number; block?: TreeBlock }
  selected: string | undefined
  onSelect: (block: TreeBlock) => void
  /** A height to bring into view (a step's block, a search). */
  reveal: { seq: number; height: number } | undefined
}

/**
 * The fork tree: one row per height, newest on top, the canonical block first and every orphaned block beside
 * it in its branch's lane. Only the rows in view are drawn and only their chunks are read (sim_forkTree), so a
 * chain of 100,000 blocks costs what one screen costs, and a new block costs one row.
 */
export function ForkTree({ source, tags, change, selected, onSelect, reveal }: Props) {
  const viewport = useRef<HTMLDivElement>(null)
  const chunks = useRef(new Map<number, Chunk>())
  const loading = useRef(new Set<number>())
  // Bumped for a chunk whenever the chain changes under it: a read that started before is stale on arrival.
  const generation = useRef(new Map<number, number>())
  const [, redraw] = useState(0)
  const [scrollTop, setScrollTop] = useState(0)
  const [viewHeight, setViewHeight] = useState(600)
  const [error, setError] = useState<string | undefined>()
  const focusAfterDraw = useRef<number | undefined>(undefined)
  const { top, first } = tags
  const previousTop = useRef(top)

  // Rows are placed from the top (the head): when the head grows while the reader looks at older blocks,
  // the view moves down with them so that what they read stays put.
  useLayoutEffect(() => {
    const grown = top - previousTop.current
    previousTop.current = top
    const element = viewport.current
    if (element && grown > 0 && element.scrollTop > ROW_HEIGHT) element.scrollTop += grown * ROW_HEIGHT
  }, [top])

  useEffect(() => {
    const element = viewport.current
    if (!element) return
    const measure = () => setViewHeight(element.clientHeight || 600)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    if (change.seq === 0) return
    const block = change.block
    const first = Math.floor(change.from / CHUNK)
    // A new block on the head goes straight into its chunk: no read, whatever the chain's length.
    const chunk = block ? chunks.current.get(first) : undefined
    if (block && chunk) {
      chunk.blocks.set(num(block.number), [block, ...(chunk.blocks.get(num(block.number)) ?? []).filter((b) => b.hash !== block.hash && !b.canonical)])
    } else {
      for (const index of [...chunks.current.keys()]) if (index >= first) chunks.current.delete(index)
    }
    for (const index of loading.current) if (index >= first) generation.current.set(index, (generation.current.get(index) ?? 0) + 1)
    redraw((n) => n + 1)
  }, [change.seq])

  useEffect(() => {
    if (!reveal) return
    const element = viewport.current
    if (element) element.scrollTop = Math.max(0, (top - reveal.height) * ROW_HEIGHT - element.clientHeight / 3)
  }, [reveal?.seq])

  const firstRow = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN)
  const lastRow = Math.min(top - first, Math.ceil((scrollTop + viewHeight) / ROW_HEIGHT) + OVERSCAN)
  const highest = top - firstRow
  const lowest = Math.max(first, top - lastRow)

  useEffect(() => {
    for (let index = Math.floor(lowest / CHUNK); index <= Math.floor(highest / CHUNK); index++) {
      if (chunks.current.has(index) || loading.current.has(index)) continue
      loading.current.add(index)
      const started = generation.current.get(index) ?? 0
      void source
        .call<ForkTreeAnswer>('sim_forkTree', [{ fromBlock: index * CHUNK, toBlock: index * CHUNK + CHUNK - 1 }])
        .then((answer) => {
          if ((generation.current.get(index) ?? 0) === started) chunks.current.set(index, toChunk(answer))
          setError(undefined)
        })
        .catch((failure: Error) => setError(failure.message))
        .finally(() => {
          loading.current.delete(index)
          redraw((n) => n + 1)
        })
    }
  })

  useEffect(() => {
    if (blocksAt(chunks.current, highest) !== undefined && performance.getEntriesByName(FIRST_TREE_MARK).length === 0) performance.mark(FIRST_TREE_MARK)
  })

  useEffect(() => {
    const number = focusAfterDraw.current
    if (number === undefined) return
    const button = viewport.current?.querySelector<HTMLButtonElement>(`[data-number="${number}"][data-canonical="true"]`)
    if (button) {
      focusAfterDraw.current = undefined
      button.focus()
    }
  })

  const rows = []
  const visibleBlocks: TreeBlock[] = []
  for (let height = highest; height >= lowest; height--) visibleBlocks.push(...(blocksAt(chunks.current, height) ?? []))
  const lanes = laneOf(visibleBlocks)
  const laneCount = Math.max(1, ...[...lanes.values()].map((lane) => lane + 1))
  for (let height = highest; height >= lowest; height--) {
    const blocks = blocksAt(chunks.current, height)
    const reorgs = reorgsStartingAt(chunks.current, height)
    rows.push(
      <li class="row" key={height} style={{ top: `${(top - height) * ROW_HEIGHT}px` }} data-height={height}>
        <span class="height">
          {reorgs.length > 0 ? (
            <span class="reorg-mark" title={reorgs.map(describeReorg).join('\n')}>
              ⟲{reorgs.map((r) => ` #${r.id}`).join('')}
            </span>
          ) : null}
          {height}
        </span>
        <div class="lanes" style={{ gridTemplateColumns: `repeat(${laneCount}, minmax(var(--min-cell-width), var(--cell-width)))` }}>
          {blocks === undefined ? (
            <span class="placeholder">loading…</span>
          ) : (
            blocks.map((block) => (
              <BlockCell
                key={block.hash}
                block={block}
                lane={lanes.get(block.hash) ?? 0}
                tags={tags}
                selected={block.hash === selected}
                forks={!block.canonical && isCanonicalParent(chunks.current, block)}
                onSelect={onSelect}
              />
            ))
          )}
          {crowdedAt(chunks.current, height) ? <span class="more">+{crowdedAt(chunks.current, height)} more</span> : null}
        </div>
      </li>,
    )
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement
    const number = Number(target.dataset['number'])
    if (!Number.isFinite(number)) return
    const step =
      event.key === 'ArrowUp' ? 1 : event.key === 'ArrowDown' ? -1 : event.key === 'Home' ? tags.head - number : event.key === 'End' ? first - number : 0
    if (step === 0) {
      if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') moveAcross(target, event.key === 'ArrowRight' ? 1 : -1)
      return
    }
    event.preventDefault()
    const next = Math.min(top, Math.max(first, number + step))
    const element = viewport.current
    if (element) {
      const y = (top - next) * ROW_HEIGHT
      if (y < element.scrollTop) element.scrollTop = y
      else if (y + ROW_HEIGHT > element.scrollTop + element.clientHeight) element.scrollTop = y + ROW_HEIGHT - element.clientHeight
    }
    focusAfterDraw.current = next
    redraw((n) => n + 1)
  }

  return (
    <section class="tree" aria-label="Fork tree">
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: keys pressed on the block buttons inside bubble up to here */}
      <div class="viewport" ref={viewport} onScroll={(event) => setScrollTop((event.currentTarget as HTMLDivElement).scrollTop)} onKeyDown={onKeyDown}>
        {/* At least as wide as a row of the narrowest lanes, so that the viewport scrolls to the last branch's column. */}
        <ul
          class="spacer"
          aria-label={`Heights ${first} to ${top}, newest first`}
          style={{
            height: `${(top - first + 1) * ROW_HEIGHT}px`,
            width: `calc(var(--height-width) + ${laneCount} * var(--min-cell-width) + ${laneCount + 1} * 0.4rem + 1rem)`,
          }}
        >
          {rows}
        </ul>
      </div>
      <p class="hint">↑ ↓ move between heights, ← → between branches, Home/End: head/genesis, Enter opens a block.</p>
      <ReorgList reorgs={reorgsIn(chunks.current, lowest, highest)} />
    </section>
  )
}

function BlockCell({
  block,
  lane,
  tags,
  selected,
  forks,
  onSelect,
}: {
  block: TreeBlock
  lane: number
  tags: Tags
  selected: boolean
  forks: boolean
  onSelect: (block: TreeBlock) => void
}) {
  const number = num(block.number)
  const marks = block.canonical
    ? [number === tags.head ? 'head' : '', number === tags.safe ? 'safe' : '', number === tags.finalized ? 'finalized' : ''].filter(Boolean)
    : []
  const note = extraText(block.extraData).replace(/^chainsim /, '')
  const label = `Block ${number} ${block.hash}, ${block.canonical ? 'canonical' : 'orphaned'}, ${block.transactions} transactions, ${block.logs} logs${marks.length ? `, ${marks.join(', ')}` : ''}`
  return (
    <button
      type="button"
      class={`cell ${block.canonical ? 'canonical' : 'orphaned'}${selected ? ' selected' : ''}`}
      style={{ gridColumnStart: String(lane + 1) }}
      data-hash={block.hash}
      data-number={number}
      data-canonical={String(block.canonical)}
      aria-label={label}
      aria-pressed={selected}
      title={block.hash}
      onClick={() => onSelect(block)}
    >
      {forks ? (
        <span class="fork" aria-hidden="true">
          ↰
        </span>
      ) : null}
      <span class="hash">{short(block.hash)}</span>
      <span class="counts">
        {block.transactions} tx · {block.logs} logs
      </span>
      {note ? <span class="note">{note}</span> : null}
      {marks.map((mark) => (
        <span key={mark} class={`tag tag-${mark}`}>
          {mark}
        </span>
      ))}
      {block.canonical ? null : <span class="tag tag-orphaned">orphaned</span>}
    </button>
  )
}

/** The reorganisations that changed the heights in view, newest first, with what made each. */
function ReorgList({ reorgs }: { reorgs: Reorg[] }) {
  if (reorgs.length === 0) return null
  return (
    <section class="reorgs" aria-label="Reorgs in view">
      <h3>Reorgs in view</h3>
      <ul>
        {reorgs.map((reorg) => (
          <li key={reorg.id} class="reorg" title={`removed ${reorg.removedBlocks.join(', ') || 'nothing'}; added ${reorg.addedBlocks.join(', ') || 'nothing'}`}>
            {describeReorg(reorg)}
          </li>
        ))}
      </ul>
    </section>
  )
}

function describeReorg(reorg: Reorg): string {
  return `⟲ #${reorg.id} ${reorg.method} at ${new Date(reorg.at).toISOString().slice(11, 19)}: from block ${num(reorg.commonAncestor.number)}, depth ${reorg.depth}; blocks −${reorg.removedBlocks.length} +${reorg.addedBlocks.length}, logs −${reorg.removedLogs} +${reorg.addedLogs}`
}

/** Reorgs of the loaded chunks that changed a height in `low..high`, newest first, once each. */
function reorgsIn(chunks: Map<number, Chunk>, low: number, high: number): Reorg[] {
  const found = new Map<number, Reorg>()
  for (let index = Math.floor(low / CHUNK); index <= Math.floor(high / CHUNK); index++) {
    for (const reorg of chunks.get(index)?.reorgs ?? []) {
      const first = num(reorg.commonAncestor.number) + 1
      const last = first + Math.max(reorg.removedBlocks.length, reorg.addedBlocks.length, 1) - 1
      if (first <= high && last >= low) found.set(reorg.id, reorg)
    }
  }
  return [...found.values()].sort((a, b) => b.id - a.id)
}

function moveAcross(target: HTMLElement, direction: number): void {
  const cells = [...(target.parentElement?.querySelectorAll<HTMLButtonElement>('button.cell') ?? [])]
  cells[cells.indexOf(target as HTMLButtonElement) + direction]?.focus()
}

function toChunk(answer: ForkTreeAnswer): Chunk {
  const blocks = new Map<number, TreeBlock[]>()
  for (const block of answer.blocks) {
    const height = num(block.number)
    blocks.set(height, [...(blocks.get(height) ?? []), block])
  }
  // Heights in the chunk's range that hold no block yet are known to be empty.
  for (let n = num(answer.fromBlock); n <= num(answer.toBlock); n++) if (!blocks.has(n)) blocks.set(n, [])
  return { blocks, crowded: new Map(answer.crowded.map((c) => [num(c.number), c.more])), reorgs: answer.reorgs }
}

function blocksAt(chunks: Map<number, Chunk>, height: number): TreeBlock[] | undefined {
  return chunks.get(Math.floor(height / CHUNK))?.blocks.get(height)
}

function crowdedAt(chunks: Map<number, Chunk>, height: number): number {
  return chunks.get(Math.floor(height / CHUNK))?.crowded.get(height) ?? 0
}

/** Reorgs whose first changed height is `height`, newest first. */
function reorgsStartingAt(chunks: Map<number, Chunk>, height: number): Reorg[] {
  return (chunks.get(Math.floor(height / CHUNK))?.reorgs ?? []).filter((reorg) => num(reorg.commonAncestor.number) + 1 === height)
}

/** Whether an orphaned block's parent is canonical: the branch forks off here. */
function isCanonicalParent(chunks: Map<number, Chunk>, block: TreeBlock): boolean {
  const parents = blocksAt(chunks, num(block.number) - 1) ?? []
  return parents.some((parent) => parent.hash === block.parentHash && parent.canonical)
}

/**
 * Lane of each block: 0 for the canonical chain; an orphaned block takes its parent's lane when its parent is
 * orphaned too (a branch stays in one column), else the first lane free at its height.
 */
function laneOf(blocks: TreeBlock[]): Map<string, number> {
  const lanes = new Map<string, number>()
  const taken = new Map<number, Set<number>>()
  const sorted = [...blocks].sort((a, b) => num(a.number) - num(b.number))
  for (const block of sorted) {
    const height = num(block.number)
    const used = taken.get(height) ?? new Set<number>()
    taken.set(height, used)
    if (block.canonical) {
      lanes.set(block.hash, 0)
      used.add(0)
      continue
    }
    const parentLane = lanes.get(block.parentHash)
    let lane = parentLane !== undefined && parentLane > 0 && !used.has(parentLane) ? parentLane : 1
    while (used.has(lane)) lane++
    lanes.set(block.hash, lane)
    used.add(lane)
  }
  return lanes
}
