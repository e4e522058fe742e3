import { render } from 'preact'
import { useMemo, useState } from 'preact/hooks'
import { App } from './App.tsx'
import { ReportSource, WebSocketSource } from './source.ts'
import type { Source } from './source.ts'
import { EXPLORER_CLIENT } from './ClientsView.tsx'
import { reportAnswers } from './report.ts'
import type { ReportData } from './report.ts'

const KEY_STORAGE = 'chainsim.apiKey'
/** The key the page uses where no keys are configured (any non-empty key is accepted then). */
const DEFAULT_KEY = 'explorer'

const root = document.getElementById('app') as HTMLElement
const embedded = document.getElementById('chainsim-report')
if (embedded) render(<Report data={JSON.parse(embedded.textContent ?? '{}') as ReportData} />, root)
else void start()

/** Live: the page's own network, over its WebSocket, with the API key it needs (asked for when keys are configured). */
async function start(): Promise<void> {
  const key = sessionStorage.getItem(KEY_STORAGE) ?? DEFAULT_KEY
  const answer = await fetch(`/v3/${encodeURIComponent(key)}?client=${EXPLORER_CLIENT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  }).catch(() => undefined)
  if (answer?.status === 401) {
    render(<KeyForm refused={sessionStorage.getItem(KEY_STORAGE) !== null} />, root)
    return
  }
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:'
  const url = `${scheme}//${location.host}/ws/v3/${encodeURIComponent(key)}?client=${EXPLORER_CLIENT}`
  const source: Source = new WebSocketSource(url, (connected) => document.body.classList.toggle('disconnected', !connected))
  render(<App source={source} />, root)
}

function KeyForm({ refused }: { refused: boolean }) {
  const [key, setKey] = useState('')
  return (
    <form
      class="key"
      onSubmit={(event) => {
        event.preventDefault()
        sessionStorage.setItem(KEY_STORAGE, key)
        void start()
      }}
    >
      <h1>chainsim explorer</h1>
      <p>This server has API keys: the explorer calls JSON-RPC with one, as any client does.</p>
      {refused ? (
        <p class="error" role="alert">
          That key was refused.
        </p>
      ) : null}
      <label>
        API key{' '}
        <input
          type="password"
          // biome-ignore lint/a11y/noAutofocus: the key is all this page asks for before it can show anything
          autoFocus
          required
          value={key}
          onInput={(e) => setKey((e.currentTarget as HTMLInputElement).value)}
        />
      </label>
      <button type="submit">Open</button>
    </form>
  )
}

/** A report (`chainsim play --report`): every scenario's networks, from the answers embedded in the file. */
function Report({ data }: { data: ReportData }) {
  const choices = data.scenarios.flatMap((scenario, s) =>
    scenario.networks.map((network, n) => ({ key: `${s}:${n}`, label: `${scenario.name} · ${network.name}`, network })),
  )
  const [chosen, setChosen] = useState(choices[0]?.key ?? '')
  const current = choices.find((c) => c.key === chosen)
  const source = useMemo(() => (current ? new ReportSource(reportAnswers(current.network)) : undefined), [chosen])
  return (
    <div>
      <p class="report-bar">
        chainsim report, {new Date(data.generatedAt).toISOString()}:{' '}
        <label>
          scenario{' '}
          <select value={chosen} onChange={(e) => setChosen((e.currentTarget as HTMLSelectElement).value)}>
            {choices.map((c) => (
              <option key={c.key} value={c.key}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      </p>
      {current && source ? <App key={current.key} source={source} /> : <p>This report holds no scenario.</p>}
    </div>
  )
}
