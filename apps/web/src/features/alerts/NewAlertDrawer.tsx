import { useState } from 'react';
import {
  Alert,
  Button,
  Col,
  Divider,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Rate,
  Row,
  Select,
  type FormRule,
} from 'antd';
import useApp from 'antd/es/app/useApp';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { ALERT_CATEGORIES, ALERT_PUBLISH_MSG, createAlertBody, OPTION_STRATEGIES } from '@drat/contracts';
import type { NewAlertBody } from '../../api/alerts';
import { ApiError } from '../../api/client';
import { useSession } from '../../app/session';
import { applyServerErrors } from '../../lib/formErrors';
import { zodFieldRule } from '../../lib/zodRule';
import { useCreateAlert } from './queries';

interface FormValues extends Omit<NewAlertBody, 'embeds'> {
  embed_fields?: { label: string; value: string }[];
}

const PRICE_FIELDS = [
  ['alert_price', 'Alert price'],
  ['stop_loss', 'Stop loss'],
  ['buy_range_low', 'Buy range low'],
  ['buy_range_high', 'Buy range high'],
  ['target_range_low', 'Target range low (target 1)'],
  ['target_range_high', 'Target range high (target 2)'],
] as const;

const OPTION_FIELDS = [
  'strategy',
  'single_expiration',
  'single_strike',
  'leg_one_expiration',
  'leg_one_strike',
  'leg_two_strike',
] as const;

const FIELDS: readonly string[] = [
  'alert_type',
  'ticker',
  'rating',
  'notes',
  ...PRICE_FIELDS.map(([f]) => f),
  ...OPTION_FIELDS,
];
/**
 * Alert type, ticker and the option fields keep 'This field is required.': the schema words the
 * first two its own way, and wants the option fields only for some strategies.
 */
const required = [{ required: true, message: ALERT_PUBLISH_MSG.required }];
/** Prices: required, above 0 and at most 1,000,000,000, in the server's words. */
const priceRules = Object.fromEntries(
  PRICE_FIELDS.map(([name]) => [name, [zodFieldRule(createAlertBody, name)]]),
) as Record<(typeof PRICE_FIELDS)[number][0], FormRule[]>;

function StrikeExpiration({ expiration, strikes }: { expiration: string; strikes: [name: string, label: string][] }) {
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <Form.Item name={expiration} label="Expiration" rules={required}>
          <Input type="date" />
        </Form.Item>
      </Col>
      {strikes.map(([name, label]) => (
        <Col key={name} xs={12} sm={6}>
          <Form.Item name={name} label={label} rules={required}>
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

/**
 * Options alerts carry a strategy: BUY CALL and BUY PUT one strike; STRANGLE a call strike above a
 * put strike; STRADDLE one strike for both legs. Expirations and strikes must exist in the chain.
 */
function OptionFields({ strategy }: { strategy: string | undefined }) {
  return (
    <>
      <Divider titlePlacement="start">Option</Divider>
      <Form.Item name="strategy" label="Strategy" rules={required}>
        <Select options={OPTION_STRATEGIES.map((s) => ({ value: s, label: s }))} />
      </Form.Item>
      {strategy === 'STRANGLE' && (
        <StrikeExpiration
          expiration="leg_one_expiration"
          strikes={[
            ['leg_one_strike', 'Call strike'],
            ['leg_two_strike', 'Put strike'],
          ]}
        />
      )}
      {strategy === 'STRADDLE' && (
        <StrikeExpiration expiration="leg_one_expiration" strikes={[['leg_one_strike', 'Strike']]} />
      )}
      {(strategy === 'BUY CALL' || strategy === 'BUY PUT') && (
        <StrikeExpiration expiration="single_expiration" strikes={[['single_strike', 'Strike']]} />
      )}
    </>
  );
}

/**
 * A super user's 'New alert' form (issue 4), posted to POST /alerts/create/. The server's field
 * errors show under the fields; anything else above the form.
 */
export function NewAlertDrawer({
  open,
  onClose,
  defaultType,
}: {
  open: boolean;
  onClose: () => void;
  defaultType: string;
}) {
  const session = useSession()!;
  const { message } = useApp();
  const [form] = Form.useForm<FormValues>();
  const [general, setGeneral] = useState<string[]>([]);
  const create = useCreateAlert();
  const typeName = Form.useWatch('alert_type', form) ?? defaultType;
  const strategy = Form.useWatch('strategy', form);
  const category = session.alert_types.find((t) => t.name === typeName)?.category;

  const typeOptions = ALERT_CATEGORIES.map((c) => ({
    label: c,
    options: session.alert_types.filter((t) => t.category === c).map((t) => ({ value: t.name, label: t.name })),
  })).filter((g) => g.options.length > 0);

  const submit = (values: FormValues) => {
    setGeneral([]);
    const { embed_fields, ...rest } = values;
    const fields = (embed_fields ?? []).filter((f) => f?.label && f?.value);
    const body: NewAlertBody = {
      ...rest,
      ticker: rest.ticker.trim().toUpperCase(),
      rating: rest.rating ?? 0,
      ...(fields.length > 0 ? { embeds: [{ fields }] } : {}),
    };
    create.mutate(body, {
      onSuccess: (reply) => {
        message.success(`${reply.alert.ticker} ${reply.alert.alert_type} alert published`);
        form.resetFields();
        onClose();
      },
      onError: (err) => {
        const rest = applyServerErrors(form, err, FIELDS);
        const underFields = err instanceof ApiError && Object.keys(err.body).some((k) => FIELDS.includes(k));
        setGeneral(rest.length > 0 || underFields ? rest : [err.message]);
      },
    });
  };

  return (
    <Drawer open={open} onClose={onClose} title="New alert" size="min(600px, 100vw)" destroyOnHidden>
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ alert_type: defaultType, rating: 3 }}
        requiredMark={false}
      >
        {general.length > 0 && <Alert type="error" showIcon title={general.join(' ')} style={{ marginBottom: 16 }} />}
        <Row gutter={12}>
          <Col xs={24} sm={14}>
            <Form.Item name="alert_type" label="Alert type" rules={required}>
              <Select options={typeOptions} showSearch />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item name="ticker" label="Ticker" rules={required}>
              <Input autoCapitalize="characters" maxLength={12} />
            </Form.Item>
          </Col>
          {PRICE_FIELDS.map(([name, label]) => (
            <Col key={name} xs={12}>
              <Form.Item name={name} label={label} rules={priceRules[name]}>
                <InputNumber min={0} step={0.01} style={{ width: '100%' }} prefix="$" />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Form.Item name="rating" label="Rating">
          <Rate count={5} allowClear />
        </Form.Item>
        <Form.Item name="notes" label="Notes">
          <Input.TextArea rows={3} />
        </Form.Item>
        {category === 'OPTIONS' && <OptionFields strategy={strategy} />}
        <Divider titlePlacement="start">Embed fields</Divider>
        <Form.List name="embed_fields">
          {(items, { add, remove }) => (
            <Flex vertical gap={8} style={{ marginBottom: 16 }}>
              {items.map((item) => (
                <Flex key={item.key} gap={8} align="start">
                  <Form.Item name={[item.name, 'label']} style={{ flex: 1, marginBottom: 0 }}>
                    <Input placeholder="Label" />
                  </Form.Item>
                  <Form.Item name={[item.name, 'value']} style={{ flex: 2, marginBottom: 0 }}>
                    <Input placeholder="Value (use ' <-> ' for two values)" />
                  </Form.Item>
                  <Button
                    type="text"
                    aria-label="Remove field"
                    icon={<MinusCircleOutlined />}
                    onClick={() => remove(item.name)}
                  />
                </Flex>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ label: '', value: '' })}>
                Add field
              </Button>
            </Flex>
          )}
        </Form.List>
        <Button type="primary" htmlType="submit" block loading={create.isPending}>
          Publish alert
        </Button>
      </Form>
    </Drawer>
  );
}
