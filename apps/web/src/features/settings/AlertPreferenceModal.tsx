import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Empty, Flex, Modal, Skeleton, Switch, Typography, theme } from 'antd';
import useApp from 'antd/es/app/useApp';
import { ALERT_CATEGORIES, MSG, type AlertTypeStatus } from '@drat/contracts';
import { useAlertTypeStatus, useExemptAlerts } from './queries';

/** Categories in the fixed tab order, then any the server adds later, each with its types by name. */
function groupByCategory(list: AlertTypeStatus[]): [string, AlertTypeStatus[]][] {
  const groups = new Map<string, AlertTypeStatus[]>();
  for (const category of ALERT_CATEGORIES) groups.set(category, []);
  for (const item of list) {
    const group = groups.get(item.category) ?? [];
    group.push(item);
    groups.set(item.category, group);
  }
  return [...groups.entries()]
    .filter(([, items]) => items.length > 0)
    .map(([category, items]) => [category, [...items].sort((a, b) => a.name.localeCompare(b.name))]);
}

const switchId = (id: number) => `alert-type-notify-${id}`;

/**
 * 'New Trades Alert Notification preference': one switch per alert type the user's plans give.
 * Switch on = notified = not exempted. No minimum is enforced (1-core §5).
 */
export function AlertPreferenceModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { token } = theme.useToken();
  const { message } = useApp();
  const status = useAlertTypeStatus(open);
  const save = useExemptAlerts();
  /** The user's unsaved changes over the server's list: alert type id → exempted. */
  const [draft, setDraft] = useState<Map<number, boolean>>(() => new Map());
  const close = () => {
    setDraft(new Map());
    onClose();
  };

  useEffect(() => {
    if (open && status.isError) message.error(MSG.alertNotificationFetchFailed);
  }, [open, status.isError, message]);

  const groups = useMemo(() => groupByCategory(status.data ?? []), [status.data]);
  const dirty = (status.data ?? []).some((t) => (draft.get(t.id) ?? t.exempted) !== t.exempted);

  const setExempted = (ids: number[], exempted: boolean) =>
    setDraft((old) => {
      const next = new Map(old);
      ids.forEach((id) => next.set(id, exempted));
      return next;
    });

  const submit = () => {
    const list = (status.data ?? []).map((t) => ({ id: t.id, name: t.name, exempted: draft.get(t.id) ?? t.exempted }));
    save.mutate(list, { onSuccess: close });
  };

  let body;
  if (status.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (status.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={MSG.alertNotificationFetchFailed}
        action={
          <Button size="small" onClick={() => status.refetch()}>
            Retry
          </Button>
        }
      />
    );
  else if (groups.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Your plans do not include any alert types." />;
  else
    body = (
      <Flex vertical gap={token.marginMD}>
        {groups.map(([category, items]) => {
          const on = items.filter((t) => !(draft.get(t.id) ?? t.exempted)).length;
          const ids = items.map((t) => t.id);
          return (
            <section
              key={category}
              aria-label={category}
              style={{
                border: `1px solid ${token.colorBorderSecondary}`,
                borderRadius: token.borderRadiusLG,
                overflow: 'hidden',
              }}
            >
              <Flex
                justify="space-between"
                align="center"
                gap={token.marginXS}
                wrap
                style={{ padding: `${token.paddingXS}px ${token.paddingSM}px`, background: token.colorFillAlter }}
              >
                <Typography.Text strong style={{ letterSpacing: 0.4 }}>
                  {category}
                  <Typography.Text type="secondary" style={{ fontWeight: 'normal', marginLeft: token.marginXS }}>
                    {on} of {items.length} on
                  </Typography.Text>
                </Typography.Text>
                <Flex gap={token.marginXXS}>
                  <Button
                    size="small"
                    type="text"
                    disabled={on === items.length}
                    onClick={() => setExempted(ids, false)}
                  >
                    All on
                  </Button>
                  <Button size="small" type="text" disabled={on === 0} onClick={() => setExempted(ids, true)}>
                    All off
                  </Button>
                </Flex>
              </Flex>
              {items.map((t, i) => (
                <Flex
                  key={t.id}
                  justify="space-between"
                  align="center"
                  gap={token.marginSM}
                  style={{
                    padding: `${token.paddingXS}px ${token.paddingSM}px`,
                    borderTop: i === 0 ? undefined : `1px solid ${token.colorSplit}`,
                  }}
                >
                  <label htmlFor={switchId(t.id)} style={{ minWidth: 0, overflowWrap: 'anywhere', cursor: 'pointer' }}>
                    {t.name}
                  </label>
                  <Switch
                    id={switchId(t.id)}
                    size="small"
                    checked={!(draft.get(t.id) ?? t.exempted)}
                    onChange={(checked) => setExempted([t.id], !checked)}
                  />
                </Flex>
              ))}
            </section>
          );
        })}
      </Flex>
    );

  return (
    <Modal
      open={open}
      title="New Trades Alert Notification preference"
      onCancel={close}
      destroyOnHidden
      width={560}
      styles={{ body: { maxHeight: 'calc(100vh - 240px)', overflowY: 'auto', paddingRight: token.paddingXXS } }}
      footer={[
        <Button key="cancel" onClick={close} disabled={save.isPending}>
          Cancel
        </Button>,
        <Button key="save" type="primary" onClick={submit} loading={save.isPending} disabled={!status.data || !dirty}>
          Save
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: token.marginMD }}>
        Choose the alert types that notify you when a new trade alert is posted.
      </Typography.Paragraph>
      {body}
    </Modal>
  );
}
