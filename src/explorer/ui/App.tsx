import { useEffect, useRef, useState } from 'preact/hooks'
import type { Source } from './source.ts'
import type { ChainEvent, NetworkInfo, RequestLine, ScenarioAnswer, TreeBlock } from './types.ts'
import { BlockDetails } from './BlockDetails.tsx'
import { ClientsView, EXPLORER_CLIENT } from './ClientsView.tsx'
import { Controls } from './Controls.tsx'
import { ForkTree } from './ForkTree.tsx'
import type { Tags } from './ForkTree.tsx'
import { PoolView } from './PoolView.tsx'
import { StepsView } from './StepsView.tsx'
import { num, short } from './format.ts'
import { ReplayProgress } from './ReplayProgress.tsx'

type Tab = 'chain' | 'pool' | 'clients' | 'controls' | 'scenario'

/** How often the header and the open panel are read again while the chain moves: often enough to look live. */
const REFRESH_MS = 250

/** One network's explorer: the header, then the fork tree and the other panels as tabs. */
export function App({ source }: { source: Source }) {
  const [network, setNetwork] = useState<NetworkInfo | undefined>()
  // The page's own eth subscriptions when the network was read: the header counts other clients' only.
  const [ownSubscriptions, setOwnSubscriptions] = useState(0)
  const [scenario, setScenario] = useState<ScenarioAnswer | null>(null)
  const [tags, setTags] = useState<Tags | undefined>()
  const [change, setChange] = useState<{ seq: number; from: number; block?: TreeBlock }>({ seq: 0, from: 0 })
  const [version, setVersion] = useState(0)
  const [selected, setSelected] = useState<string | undefined>()
  const [openAt, setOpenAt] = useState<number | undefined>()
  const [reveal, setReveal] = useState<{ seq: number; height: number } | undefined>()
  const [tab, setTab] = useState<Tab>('chain')
  const [error, setError] = useState<string | undefined>()
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const side = useRef<HTMLDivElement>(null)

  // On a narrow screen the details are below the tree: a block opened there is brought into view, or the click
  // would look as if it did nothing.
  useEffect(() => {
    const element = side.current
    if (selected === undefined || !element) return
    const { top } = element.getBoundingClientRect()
    if (top > window.innerHeight * 0.6 || top < 0) element.scrollIntoView({ block: 'start' })
  }, [selected])

  const readNetwork = () =>
    source.call<NetworkInfo>('sim_network').then(
      (info) => {
        setNetwork(info)
        setOwnSubscriptions(source.ownSubscriptions())
        setTags({ top: num(info.top), first: num(info.first), head: num(info.head.number), safe: num(info.safe.number), finalized: num(info.finalized.number) })
        setError(undefined)
      },
      (failure: Error) => setError(failure.message),
    )

  // The header, the pool and the clients follow the chain at most every REFRESH_MS; the tree itself
  // is told at once.
  const refreshSoon = () => {
    if (refreshTimer.current !== undefined) return
    refreshTimer.current = setTimeout(() => {
      refreshTimer.current = undefined
      void readNetwork()
      setVersion((v) => v + 1)
    }, REFRESH_MS)
  }

  useEffect(() => {
    void readNetwork()
    source.call<ScenarioAnswer | null>('sim_scenario').then(setScenario, () => setScenario(null))
    const stopChain = source.subscribe('sim', ['chain'], (result) => {
      const event = result as ChainEvent
      if (event.type === 'block') {
        const height = num(event.block.number)
        setTags((current) => (current ? { ...current, head: height, top: Math.max(current.top, height) } : current))
        setChange((c) => ({ seq: c.seq + 1, from: height, block: event.block }))
      } else if (event.type === 'replaced') {
        // Another chain: every height is read again, and a selected block of the old one is gone.
        setTags((current) =>
          current
            ? { ...current, head: num(event.head.number), top: num(event.top), safe: num(event.safe.number), finalized: num(event.finalized.number) }
            : current,
        )
        setChange((c) => ({ seq: c.seq + 1, from: 0 }))
        setSelected(undefined)
      } else {
        const last = event.added.at(-1)
        const ancestor = num(event.commonAncestor.number)
        const head = last ? num(last.number) : ancestor
        setTags((current) => (current ? { ...current, head, top: Math.max(current.top, head) } : current))
        setChange((c) => ({ seq: c.seq + 1, from: ancestor + 1 }))
      }
      refreshSoon()
    })
    const stopPool = source.subscribe('eth', ['newPendingTransactions'], refreshSoon)
    return () => {
      stopChain()
      stopPool()
    }
  }, [])

  // Clients act between blocks too (a filter installed or polled, a fault used up): while their panel or the
  // controls are open, another client's call reads them again as a block would. The page's own calls do not.
  useEffect(() => {
    if (!source.live || (tab !== 'clients' && tab !== 'controls')) return undefined
    return source.subscribe('sim', ['requests'], (record) => {
      if ((record as RequestLine).client !== EXPLORER_CLIENT) refreshSoon()
    })
  }, [tab])

  const showBlock = (hash: string) => {
    setSelected(hash)
    setTab('chain')
    source.call<{ number: string } | null>('sim_block', [{ hash, limit: 1 }]).then(
      (block) => {
        if (block) setReveal((r) => ({ seq: (r?.seq ?? 0) + 1, height: num(block.number) }))
      },
      () => undefined,
    )
  }

  const tabs: Array<[Tab, string]> = [
    ['chain', 'Chain'],
    ...(source.live
      ? ([
          ['pool', 'Pool'],
          ['clients', 'Clients'],
          ['controls', 'Controls'],
        ] as Array<[Tab, string]>)
      : []),
    ...(scenario ? ([['scenario', 'Scenario']] as Array<[Tab, string]>) : []),
  ]
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    const index = tabs.findIndex(([id]) => id === tab)
    const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]
    if (next) {
      setTab(next[0])
      document.getElementById(`tab-${next[0]}`)?.focus()
    }
  }

  return (
    <div class="app">
      <header>
        <h1>chainsim explorer{network ? `: ${network.name}` : ''}</h1>
        {network ? (
          <dl class="summary">
            <dt>chain id</dt>
            <dd>{num(network.chainId)}</dd>
            <dt>head</dt>
            <dd>
              {num(network.head.number)} <span class="mono">{short(network.head.hash)}</span>
            </dd>
            <dt>safe</dt>
            <dd>{num(network.safe.number)}</dd>
            <dt>finalized</dt>
            <dd>{num(network.finalized.number)}</dd>
            <dt>mining</dt>
            <dd>{network.mining.automine ? 'automine' : network.mining.intervalMs ? `every ${network.mining.intervalMs} ms` : 'manual'}</dd>
            <dt>reorgs</dt>
            <dd>
              {network.reorgs}
              {network.reorgProfile ? ` (profile ${network.reorgProfile.name}, seed ${network.reorgProfile.seed})` : ''}
            </dd>
            <dt>pool</dt>
            <dd>{network.pool}</dd>
            <dt>filters</dt>
            <dd>{network.filters}</dd>
            <dt>subscriptions</dt>
            <dd title={`clients' eth subscriptions, not counting this page's ${ownSubscriptions}`}>{Math.max(0, network.subscriptions - ownSubscriptions)}</dd>
          </dl>
        ) : null}
        {network?.replay ? <ReplayProgress replay={network.replay} /> : null}
        {error ? (
          <p class="error" role="alert">
            {error}
          </p>
        ) : null}
      </header>
      <div class="tabs" role="tablist" aria-label="Views" onKeyDown={onTabKey}>
        {tabs.map(([id, label]) => (
          <button
            key={id}
            id={`tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => setTab(id)}
          >
            {label}
          </button>
        ))}
      </div>
      <main>
        <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`}>
          {tab === 'chain' && tags ? (
            <div class="chain">
              <ForkTree
                source={source}
                tags={tags}
                change={change}
                selected={selected}
                onSelect={(block) => {
                  setSelected(block.hash)
                  setOpenAt(undefined)
                }}
                reveal={reveal}
              />
              <div class="side" ref={side}>
                {selected ? (
                  <BlockDetails
                    source={source}
                    hash={selected}
                    version={version}
                    open={openAt}
                    onOpen={(hash, index) => {
                      setSelected(hash)
                      setOpenAt(index)
                    }}
                  />
                ) : (
                  <p class="muted">Select a block to see its transactions and logs.</p>
                )}
              </div>
            </div>
          ) : null}
          {tab === 'pool' ? <PoolView source={source} version={version} /> : null}
          {tab === 'clients' ? <ClientsView source={source} version={version} /> : null}
          {tab === 'controls' && network ? <Controls source={source} network={network} onDone={refreshSoon} /> : null}
          {tab === 'scenario' && scenario ? <StepsView scenario={scenario} onBlock={showBlock} /> : null}
        </div>
      </main>
    </div>
  )
}
