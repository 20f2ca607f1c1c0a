import { Button, Dropdown } from 'antd';
import { DownOutlined, SortAscendingOutlined } from '@ant-design/icons';

/**
 * A list's sort dropdown (the alert and trigger screens, 1-core §2 and §4): a button naming the
 * current sort that opens a menu of the others, the chosen one marked.
 */
export function SortMenu<S extends string>({
  sorts,
  value,
  onChange,
  label,
}: {
  sorts: readonly S[];
  value: S;
  onChange: (next: S) => void;
  /** What the button is called for a screen reader ('Sort alerts'), followed by the current sort. */
  label: string;
}) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: sorts.map((s) => ({ key: s, label: s })),
        selectable: true,
        selectedKeys: [value],
        onClick: ({ key }) => onChange(key as S),
      }}
    >
      <Button icon={<SortAscendingOutlined />} aria-label={`${label}: ${value}`}>
        {value} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
