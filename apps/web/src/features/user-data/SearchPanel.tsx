import { useState } from 'react';
import { Button, Card, Checkbox, DatePicker, Flex, Input, Select, Typography, type GetProps } from 'antd';
import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { userDataSearch, type UserDataSearchType } from '@drat/contracts';
import { zodMessage } from '../../lib/zodRule';
import { usePhone } from '../smart-trades';
import { EMPTY_SEARCH, HAS_FILTERS, SEARCH_TYPE_OPTIONS, searchQuery, toggleTags, type SearchForm } from './search';

type RangeValue = GetProps<typeof DatePicker.RangePicker>['value'];

/**
 * The search panel of /user-data (3-bots-admin-public §5 "User search"): a search type and term,
 * Has Tags or No Tags (ticking one unticks the other), the six "has" filters and the range of
 * dates added. Search applies it; Clear empties it and shows everyone.
 */
export function SearchPanel({ onSearch }: { onSearch: (form: SearchForm) => void }) {
  const phone = usePhone();
  const [form, setForm] = useState<SearchForm>(EMPTY_SEARCH);
  const [range, setRange] = useState<RangeValue>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<SearchForm>) => setForm((f) => ({ ...f, ...patch }));

  const search = () => {
    const message = zodMessage(userDataSearch, searchQuery(form));
    setProblem(message);
    if (message === null) onSearch(form);
  };
  const clear = () => {
    setForm(EMPTY_SEARCH);
    setRange(null);
    setProblem(null);
    onSearch(EMPTY_SEARCH);
  };

  return (
    <Card size="small" title="Search">
      <form
        aria-label="Search user data"
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
      >
        <Flex vertical gap={12}>
          <Flex wrap gap={8} align="center">
            <Select<UserDataSearchType>
              aria-label="Search by"
              value={form.searchType}
              onChange={(searchType) => set({ searchType })}
              options={SEARCH_TYPE_OPTIONS}
              style={{ width: phone ? '100%' : 180 }}
            />
            <Input
              aria-label="Search term"
              placeholder="Search term"
              allowClear
              value={form.searchTerm}
              onChange={(e) => set({ searchTerm: e.target.value })}
              style={{ flex: 1, minWidth: phone ? '100%' : 220 }}
            />
            <DatePicker.RangePicker
              aria-label="Date added"
              placeholder={['Added from', 'Added to']}
              value={range}
              onChange={(v, text) => {
                setRange(v);
                set({ dates: v && text[0] && text[1] ? [text[0], text[1]] : null });
              }}
              format="YYYY-MM-DD"
              style={{ width: phone ? '100%' : 260 }}
            />
          </Flex>
          <Flex wrap gap={phone ? 8 : 16} align="center">
            <Checkbox
              checked={form.tags === 'has'}
              onChange={(e) => set({ tags: toggleTags(form.tags, 'has', e.target.checked) })}
            >
              Has Tags
            </Checkbox>
            <Checkbox
              checked={form.tags === 'none'}
              onChange={(e) => set({ tags: toggleTags(form.tags, 'none', e.target.checked) })}
            >
              No Tags
            </Checkbox>
            {HAS_FILTERS.map(([name, label]) => (
              <Checkbox
                key={name}
                checked={form.has.includes(name)}
                onChange={(e) =>
                  set({ has: e.target.checked ? [...form.has, name] : form.has.filter((h) => h !== name) })
                }
              >
                {label}
              </Checkbox>
            ))}
          </Flex>
          {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
          <Flex gap={8} justify={phone ? 'stretch' : 'flex-end'}>
            <Button icon={<ClearOutlined />} onClick={clear} block={phone}>
              Clear
            </Button>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} block={phone}>
              Search
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  );
}
