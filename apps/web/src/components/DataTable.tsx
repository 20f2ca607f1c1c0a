import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { Button, Empty, Spin } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import styles from './DataTable.module.css';

/** One column: its heading and what a row shows in it. */
export interface DataColumn<T> {
  key: string;
  title: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Pixels; with `fixed` the other columns share what is left. */
  width?: number;
  /** One line, cut with an ellipsis (with `fixed`). */
  ellipsis?: boolean;
}

interface Props<T> {
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** 'small' for a widget's list, 'middle' (the default) for a page's table. */
  size?: 'small' | 'middle';
  loading?: boolean;
  /** Shown in the body when there is no row (antd's empty picture and "No data" when left out). */
  empty?: ReactNode;
  /** Rows per page: more than this many rows get a pager under the table. */
  pageSize?: number;
  /** Columns keep their widths whatever the cells hold (table-layout: fixed). */
  fixed?: boolean;
  /** Cells keep to one line and the table scrolls sideways when wider than its place (antd's scroll x: max-content). */
  wide?: boolean;
  /** A row's own attributes (a click, a key, a label), and whether it is the current one (shown selected). */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & { selected?: boolean };
  'aria-label'?: string;
}

/** The pages the pager offers: the first, the last, and two either side of the current; null is a gap. */
export function pageNumbers(current: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - current) <= 2) out.push(n);
    else if (out.at(-1) !== null) out.push(null);
  }
  return out;
}

/**
 * A plain table of rows, for the screens whose first view is one (the completed alerts, the
 * dashboard's hotlists): it looks as antd's Table does, from the theme's variables, without
 * Table's code, which brings its sorting, filtering, selection, tree and pagination (a page-size
 * Select among them: about 75 KB gzipped) to a screen that needs none of them. Each row carries
 * `data-row-key`, as antd's rows do. A screen that sorts, filters or selects uses antd's Table.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  size = 'middle',
  loading = false,
  empty,
  pageSize,
  fixed = false,
  wide = false,
  rowProps,
  'aria-label': label,
}: Props<T>) {
  const [page, setPage] = useState(1);
  const pages = pageSize ? Math.max(1, Math.ceil(rows.length / pageSize)) : 1;
  // Fewer rows than before (another filter, a refresh): stay on the last page there is.
  const current = Math.min(page, pages);
  const shown = pageSize ? rows.slice((current - 1) * pageSize, current * pageSize) : rows;
  const align = (a: DataColumn<T>['align']) => (a === 'right' ? styles.right : a === 'center' ? styles.center : '');

  return (
    <div>
      <div className={styles.wrap} aria-busy={loading}>
        <table
          className={[
            styles.table,
            size === 'small' ? styles.small : '',
            fixed ? styles.fixed : '',
            wide ? styles.wide : '',
          ].join(' ')}
          aria-label={label}
        >
          {fixed && (
            <colgroup>
              {columns.map((c) => (
                <col key={c.key} style={c.width ? { width: c.width } : undefined} />
              ))}
            </colgroup>
          )}
          <thead>
            <tr>
              {columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={align(c.align)}
                  style={!fixed && c.width ? { width: c.width } : undefined}
                >
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className={styles.empty}>
                  {loading ? null : (empty ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />)}
                </td>
              </tr>
            ) : (
              shown.map((row) => {
                const { selected, className, ...attributes } = rowProps?.(row) ?? {};
                return (
                  <tr
                    key={rowKey(row)}
                    data-row-key={rowKey(row)}
                    aria-current={selected || undefined}
                    className={[selected ? styles.selected : '', className ?? ''].join(' ').trim() || undefined}
                    {...attributes}
                  >
                    {columns.map((c) => (
                      <td key={c.key} className={[align(c.align), c.ellipsis ? styles.ellipsis : ''].join(' ')}>
                        {c.render(row)}
                      </td>
                    ))}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
        {loading && (
          <div className={styles.loading}>
            <Spin />
          </div>
        )}
      </div>
      {pages > 1 && (
        <nav className={styles.pager} aria-label="Pages">
          <Button
            size="small"
            icon={<LeftOutlined />}
            disabled={current === 1}
            onClick={() => setPage(current - 1)}
            aria-label="Previous page"
          />
          {pageNumbers(current, pages).map((n, i) =>
            n === null ? (
              <span key={`gap${i}`} aria-hidden>
                …
              </span>
            ) : (
              <Button
                key={n}
                size="small"
                type={n === current ? 'primary' : 'default'}
                aria-current={n === current ? 'page' : undefined}
                onClick={() => setPage(n)}
              >
                {n}
              </Button>
            ),
          )}
          <Button
            size="small"
            icon={<RightOutlined />}
            disabled={current === pages}
            onClick={() => setPage(current + 1)}
            aria-label="Next page"
          />
        </nav>
      )}
    </div>
  );
}
