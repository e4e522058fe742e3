import { useEffect, useState } from 'preact/hooks'
import { LimitExceededError } from '../../errors.ts'
import type { Source } from './source.ts'
import type { FilterLine, RequestLine, SubscriptionLine } from './types.ts'
import { clock } from './format.ts'
import { Table } from './Table.tsx'
import type { Column } from './Table.tsx'

/** Requests kept on the page; older ones are a page away (sim_requests). */
const KEPT_REQUESTS = 500
/** What the page calls itself in the request log (`?client=explorer`). */
export const EXPLORER_CLIENT = 'explorer'

/** What every client installed (filters, subscriptions) and what it asked and was told (the request log). */
export function ClientsView({ source, version }: { source: Source; version: number }) {
  const [filters, setFilters] = useState<{ total: number; filters: FilterLine[] } | undefined>()
  const [subscriptions, setSubscriptions] = useState<{ total: number; subscriptions: SubscriptionLine[] } | undefined>()
  const [requests, setRequests] = useState<RequestLine[]>([])
  const [showOwn, setShowOwn] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const fail = (failure: Error) => setError(failure.message)

  useEffect(() => {
    source.call<{ total: number; filters: FilterLine[] }>('sim_filters', [{ limit: 200 }]).then(setFilters, fail)
    source.call<{ total: number; subscriptions: SubscriptionLine[] }>('sim_subscriptions', [{ limit: 200 }]).then(setSubscriptions, fail)
  }, [version])

  useEffect(() => {
    let latest: RequestLine[] = []
    source.call<{ requests: RequestLine[] }>('sim_requests', [{ limit: 200 }]).then((page) => {
      const seen = new Set(latest.map((r) => r.seq))
      latest = [...latest, ...page.requests.filter((r) => !seen.has(r.seq))].slice(0, KEPT_REQUESTS)
      setRequests(latest)
    }, fail)
    return source.subscribe('sim', ['requests'], (record) => {
      latest = [record as RequestLine, ...latest].slice(0, KEPT_REQUESTS)
      setRequests(latest)
    })
  }, [])

  const shown = showOwn ? requests : requests.filter((r) => r.client !== EXPLORER_CLIENT)
  return (
    <section aria-label="Clients">
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      <h2>Filters ({filters?.total ?? '…'})</h2>
      {filters && filters.filters.length > 0 ? (
        <Table label="filters" rows={filters.filters} columns={FILTER_COLUMNS} rowKey={(f) => f.id} />
      ) : (
        <p class="muted">No filters installed.</p>
      )}
      <h2>WebSocket subscriptions ({subscriptions?.total ?? '…'})</h2>
      {subscriptions && subscriptions.subscriptions.length > 0 ? (
        <Table label="subscriptions" rows={subscriptions.subscriptions} columns={SUBSCRIPTION_COLUMNS} rowKey={(s) => s.id} />
      ) : (
        <p class="muted">No subscriptions.</p>
      )}
      <h2>Requests</h2>
      <label>
        <input type="checkbox" checked={showOwn} onChange={(e) => setShowOwn((e.currentTarget as HTMLInputElement).checked)} /> show this page's own calls
      </label>
      <Table
        label="requests"
        rows={shown}
        columns={REQUEST_COLUMNS}
        rowKey={(r) => r.seq}
        rowClass={(r) => (r.injected ? 'injected' : r.error?.code === LimitExceededError.code ? 'limited' : r.error ? 'failed' : '')}
      />
    </section>
  )
}

const criteriaText = (criteria: Record<string, unknown> | null) => (criteria ? JSON.stringify(criteria) : '—')

const FILTER_COLUMNS: Column<FilterLine>[] = [
  { title: 'id', cell: (f) => f.id, small: true },
  { title: 'kind', cell: (f) => f.kind },
  { title: 'criteria', cell: (f) => criteriaText(f.criteria), small: true },
  { title: 'installed', cell: (f) => clock(f.installedAt) },
  { title: 'last polled', cell: (f) => clock(f.lastPolledAt) },
  { title: 'expires', cell: (f) => clock(f.expiresAt) },
  { title: 'waiting', cell: (f) => f.waiting },
]

const SUBSCRIPTION_COLUMNS: Column<SubscriptionLine>[] = [
  { title: 'id', cell: (s) => s.id, small: true },
  { title: 'kind', cell: (s) => s.kind },
  { title: 'criteria', cell: (s) => criteriaText(s.criteria), small: true },
  { title: 'connection', cell: (s) => `#${s.connection}${s.client ? ` ${s.client}` : ''}` },
  { title: 'since', cell: (s) => clock(s.createdAt) },
  { title: 'notified', cell: (s) => s.notified },
]

const REQUEST_COLUMNS: Column<RequestLine>[] = [
  { title: 'time', cell: (r) => clock(r.at) },
  { title: 'via', cell: (r) => `${r.transport}${r.connection !== undefined ? `#${r.connection}` : ''}${r.client ? ` ${r.client}` : ''}` },
  { title: 'method', cell: (r) => r.method, small: true },
  { title: 'params', cell: (r) => r.params, small: true },
  { title: 'ms', cell: (r) => r.durationMs.toFixed(2) },
  {
    title: 'answer',
    cell: (r) =>
      r.error ? (
        <span>
          <strong>{r.error.code}</strong>
          {r.injected ? ' injected' : ''} {r.error.message}
        </span>
      ) : r.size !== undefined ? (
        `${r.size} B`
      ) : (
        'ok'
      ),
  },
]
