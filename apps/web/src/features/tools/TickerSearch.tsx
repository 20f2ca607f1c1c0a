import { useRef, useState } from 'react';
import { Button, Flex, Input, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import styles from './tools.module.css';

interface Props {
  /** What is typed; shared by the tabs so a ticker carries from one tool to the next. */
  value: string;
  onChange: (value: string) => void;
  /** Called with the trimmed, upper-cased ticker. */
  onSearch: (ticker: string) => void;
  loading: boolean;
  /** Names the tool, e.g. 'Dione ticker'. */
  label: string;
  /** A short line under the box, e.g. what a search costs. */
  hint?: string;
}

/**
 * The ticker search box of the tools screen (1-core §2): the text is trimmed and must not be empty
 * (§5). It is checked with the server's schema when searched; the check (zod) is fetched then, so
 * the screen's first download leaves it out.
 */
export function TickerSearch({ value, onChange, onSearch, loading, label, hint }: Props) {
  // What the last search found wrong with the text; cleared when the text changes.
  const [shown, setShown] = useState<string | null>(null);
  const ticker = value.trim().toUpperCase();

  // A search waiting for the check's first download: another Enter or click adds no second search.
  const checking = useRef(false);
  const submit = async () => {
    if (checking.current || loading) return;
    checking.current = true;
    try {
      let problem: string | null = null;
      try {
        problem = (await import('./tickerCheck')).tickerProblem(value);
      } catch {
        // The check could not be fetched (the connection dropped): the server checks the ticker too.
      }
      setShown(problem);
      if (!problem) onSearch(ticker);
    } finally {
      checking.current = false;
    }
  };

  return (
    <Flex vertical gap={4} style={{ maxWidth: 520, width: '100%' }}>
      <Flex gap={8}>
        <Input
          aria-label={label}
          placeholder="Enter a ticker, e.g. AAPL"
          value={value}
          onChange={(e) => {
            setShown(null);
            onChange(e.target.value);
          }}
          onPressEnter={() => void submit()}
          // The check is fetched as the box is first used, so the first search does not wait for it.
          onFocus={() => void import('./tickerCheck')}
          status={shown ? 'error' : undefined}
          allowClear
          maxLength={16}
          autoComplete="off"
          spellCheck={false}
          classNames={{ input: styles.tickerInput }}
          prefix={<SearchOutlined style={{ opacity: 0.55 }} />}
        />
        <Button type="primary" onClick={() => void submit()} loading={loading} disabled={!ticker}>
          Search
        </Button>
      </Flex>
      {shown ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {shown}
        </Typography.Text>
      ) : (
        hint && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {hint}
          </Typography.Text>
        )
      )}
    </Flex>
  );
}
