import { Button } from 'antd';
import useApp from 'antd/es/app/useApp';
import { ClearOutlined } from '@ant-design/icons';

/** 'Reset' with a confirm popup, for either tab. */
export function ResetButton({
  what,
  disabled,
  loading,
  onReset,
}: {
  what: string;
  disabled: boolean;
  loading: boolean;
  onReset: () => void;
}) {
  const { modal } = useApp();
  return (
    <Button
      icon={<ClearOutlined />}
      disabled={disabled}
      loading={loading}
      onClick={() =>
        void modal.confirm({
          title: `Reset ${what}`,
          content: `Remove every ${what.toLowerCase()} entry? This cannot be undone.`,
          okText: 'Reset',
          okButtonProps: { danger: true },
          onOk: onReset,
        })
      }
    >
      Reset
    </Button>
  );
}
