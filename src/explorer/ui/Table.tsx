import type { ComponentChildren } from 'preact'

/** One column: its header and what a row shows in it (`small`: monospace detail, such as criteria or params). */
export interface Column<T> {
  title: string
  cell: (row: T) => ComponentChildren
  small?: boolean
}

/** A table of rows: headers scoped to their columns, each row keyed, optionally classed (highlights). */
export function Table<T>({
  rows,
  columns,
  rowKey,
  rowClass,
  label,
}: {
  rows: readonly T[]
  columns: readonly Column<T>[]
  rowKey: (row: T) => string | number
  rowClass?: (row: T) => string
  label?: string
}) {
  return (
    <table class={`list${label ? ` ${label}` : ''}`}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.title} scope="col">
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} class={rowClass?.(row) ?? ''}>
            {columns.map((column) => (
              <td key={column.title} class={column.small ? 'mono small' : ''}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
