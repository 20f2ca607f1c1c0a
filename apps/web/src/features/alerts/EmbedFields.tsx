import { Button, Flex, Popover, Typography } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import type { AlertDto } from '@drat/contracts';
import { isNotesField, splitEmbedValue } from './format';

/**
 * The extra embed fields of an alert (1-core §2): a value with ' <-> ' shows as two values, and a
 * field labelled notes opens a popover instead of filling the card.
 */
export function EmbedFields({ embeds }: { embeds: AlertDto['embeds'] }) {
  const fields = embeds.flatMap((e) => e.fields ?? []);
  if (fields.length === 0) return null;
  return (
    <Flex vertical gap={4}>
      {fields.map((f, i) => (
        <Flex key={`${f.id}-${i}`} justify="space-between" align="start" gap={12}>
          <Typography.Text type="secondary" style={{ fontSize: 12, flexShrink: 0 }}>
            {f.label}
          </Typography.Text>
          {isNotesField(f.label) ? (
            <Popover
              content={<div style={{ maxWidth: 320, whiteSpace: 'pre-wrap' }}>{f.value}</div>}
              title={f.label}
              trigger="click"
            >
              <Button size="small" type="link" icon={<FileTextOutlined />} style={{ padding: 0, height: 'auto' }}>
                Read
              </Button>
            </Popover>
          ) : (
            <Flex vertical align="end">
              {splitEmbedValue(f.value).map((v, j) => (
                <Typography.Text key={j} style={{ fontSize: 12, textAlign: 'right' }}>
                  {v}
                </Typography.Text>
              ))}
            </Flex>
          )}
        </Flex>
      ))}
    </Flex>
  );
}
