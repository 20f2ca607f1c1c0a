import { useState } from 'react';
import { Button } from 'antd';
import useApp from 'antd/es/app/useApp';
import { DeleteOutlined } from '@ant-design/icons';
import { useDeleteAlerts } from './queries';
import type { Selection } from './AlertCard';

/** Super users' deletion mode (1-core §4 "Deletion mode"): toggling clears the selection. */
export function useDeletionMode() {
  const [active, setActive] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const setMode = (on: boolean) => {
    setActive(on);
    setSelected(new Set());
  };
  const selection: Selection | undefined = active ? { selected, toggle } : undefined;
  return { active, setMode, selected, selection };
}
export type DeletionMode = ReturnType<typeof useDeletionMode>;

/** Activate/Deactivate Deletion and Delete with a confirm popup; on success the mode turns off. */
export function DeletionControls({ mode }: { mode: DeletionMode }) {
  const { modal } = useApp();
  const remove = useDeleteAlerts();
  const count = mode.selected.size;
  const confirm = () =>
    void modal.confirm({
      title: 'Delete alerts',
      content: `Delete the ${count} selected alert${count === 1 ? '' : 's'}? Subscribers will no longer see ${count === 1 ? 'it' : 'them'}.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: () =>
        remove.mutateAsync([...mode.selected]).then(
          () => mode.setMode(false),
          () => undefined,
        ),
    });
  return (
    <>
      <Button danger={mode.active} onClick={() => mode.setMode(!mode.active)}>
        {mode.active ? 'Deactivate Deletion' : 'Activate Deletion'}
      </Button>
      {mode.active && (
        <Button
          danger
          type="primary"
          icon={<DeleteOutlined />}
          disabled={count === 0}
          loading={remove.isPending}
          onClick={confirm}
        >
          Delete{count > 0 ? ` (${count})` : ''}
        </Button>
      )}
    </>
  );
}
