import { useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Flex, List, Select, Switch, Tag, Typography } from 'antd';
import useApp from 'antd/es/app/useApp';
import { ALERT_MSG, type AlertCategory, type AlertTypeAdminDto } from '@drat/contracts';
import { categoriesOf, enabledCount, typesOf, type CategoryFilter } from './alertTypes';
import { useSwitchCategory, useSwitchType } from './mutations';
import { useAlertTypesAdmin } from './queries';

/** One category's types with their switches, under its Turn ON / Turn OFF buttons. */
function CategoryGroup({
  category,
  types,
  busy,
  onCategory,
  onType,
}: {
  category: AlertCategory;
  types: AlertTypeAdminDto[];
  busy: boolean;
  onCategory: (on: boolean) => void;
  onType: (type: AlertTypeAdminDto, on: boolean) => void;
}) {
  const on = enabledCount(types);
  const headingId = `alert-types-${category.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={headingId}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Flex align="center" gap={8}>
          <Typography.Title level={5} id={headingId} style={{ margin: 0 }}>
            {category}
          </Typography.Title>
          <Tag>
            {on}/{types.length} ON
          </Tag>
        </Flex>
        <Flex gap={8}>
          <Button size="small" aria-label={`Turn ON ${category}`} disabled={busy} onClick={() => onCategory(true)}>
            Turn ON
          </Button>
          <Button
            size="small"
            danger
            aria-label={`Turn OFF ${category}`}
            disabled={busy}
            onClick={() => onCategory(false)}
          >
            Turn OFF
          </Button>
        </Flex>
      </Flex>
      <List
        bordered
        size="small"
        dataSource={types}
        rowKey="id"
        renderItem={(type) => (
          <List.Item
            extra={
              <Switch
                checked={type.is_notification_enabled}
                checkedChildren="ON"
                unCheckedChildren="OFF"
                aria-label={`${type.name} notifications`}
                onChange={(checked) => onType(type, checked)}
              />
            }
          >
            <Typography.Text style={{ overflowWrap: 'anywhere' }}>{type.name}</Typography.Text>
          </List.Item>
        )}
      />
    </section>
  );
}

/** 3-bots-admin-public §2.7: every type's notification switch, by category, with a category filter. */
export function NotificationsCard() {
  const { message } = useApp();
  const types = useAlertTypesAdmin();
  const all = useMemo(() => types.data ?? [], [types.data]);
  const categories = useMemo(() => categoriesOf(all), [all]);
  const [filter, setFilter] = useState<CategoryFilter>('ALL');
  const shown = filter === 'ALL' ? categories : categories.filter((c) => c === filter);

  const switchType = useSwitchType({
    onSuccess: (reply) => void message.success(reply.message),
    onError: (err) => void message.error(err.message),
  });
  const switchCategory = useSwitchCategory({
    onSuccess: (reply, { category, on }) =>
      void message.success(reply.message || ALERT_MSG.notificationStatusChanged(category, on)),
    onError: (err) => void message.error(err.message),
  });

  return (
    <Card
      title="Notifications"
      loading={types.isPending}
      extra={
        <Select
          aria-label="Filter by category"
          value={filter}
          style={{ minWidth: 170 }}
          options={[{ value: 'ALL', label: 'ALL' }, ...categories.map((c) => ({ value: c, label: c }))]}
          onChange={setFilter}
        />
      }
    >
      {types.isError ? (
        <Alert type="error" showIcon message={types.error.message || 'Could not load the alert types.'} />
      ) : shown.length === 0 ? (
        <Empty description="No alert types" />
      ) : (
        <Flex vertical gap={20}>
          {shown.map((category) => (
            <CategoryGroup
              key={category}
              category={category}
              types={typesOf(all, category)}
              busy={switchCategory.isPending}
              onCategory={(on) => switchCategory.mutate({ category, on })}
              onType={(type, on) => switchType.mutate({ id: type.id, on })}
            />
          ))}
        </Flex>
      )}
    </Card>
  );
}
