import { useEffect } from 'react';
import { Button, Col, Empty, Flex, Form, Input, Row, Typography, theme } from 'antd';
import useApp from 'antd/es/app/useApp';
import { CrownOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { MSG, type CurrentPlan, type Profile } from '@drat/contracts';
import type { ProfileChange } from '../../api/profile';
import { applyServerErrors } from '../../lib/formErrors';
import { lazyRule } from '../../lib/lazyRule';
import { formatCents, formatExpiry } from './format';
import { Section } from './parts';
import { ProfilePicture } from './ProfilePicture';
import { useChangeProfile } from './queries';

interface DetailsValues {
  email: string;
  phone_number: string;
}
const EDITABLE = ['email', 'phone_number'] as const;
const EMAIL_RULES = [lazyRule(async () => (await import('./rules')).EMAIL_RULE)];
const PHONE_RULES = [lazyRule(async () => (await import('./rules')).PHONE_RULE)];

function changesOf(profile: Profile, values: Partial<DetailsValues>): ProfileChange {
  const change: ProfileChange = {};
  const email = (values.email ?? profile.email).trim();
  const phone = (values.phone_number ?? profile.phone_number ?? '').trim();
  if (email !== profile.email) change.email = email;
  if (phone !== (profile.phone_number ?? '')) change.phone_number = phone;
  return change;
}

function ReadOnlyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <Form.Item label={label} htmlFor={id}>
      <Input id={id} value={value || '—'} readOnly variant="filled" />
    </Form.Item>
  );
}

function DetailsForm({ profile }: { profile: Profile }) {
  const { message } = useApp();
  const [form] = Form.useForm<DetailsValues>();
  const change = useChangeProfile();
  const email = Form.useWatch('email', form);
  const phone = Form.useWatch('phone_number', form);
  const pending = changesOf(profile, { email, phone_number: phone });
  const changed = Object.keys(pending).length > 0;

  // When the server's copy changes (after a save or a refetch), the form follows it.
  useEffect(() => {
    form.setFieldsValue({ email: profile.email, phone_number: profile.phone_number ?? '' });
  }, [form, profile.email, profile.phone_number]);

  const submit = (values: DetailsValues) => {
    if (Object.keys(changesOf(profile, values)).length === 0) return;
    // Both fields go every time, as the spec's payload reads (1-core §7 "email, phone_number").
    const body = { email: values.email.trim(), phone_number: (values.phone_number ?? '').trim() };
    change.mutate(body, {
      // The e-mail shown stays the one that signs in until the link sent to the new one is followed.
      onSuccess: (reply) => {
        if (reply.email_pending) form.setFieldValue('email', profile.email);
      },
      onError: (err) => applyServerErrors(form, err, EDITABLE).forEach((text) => message.error(text)),
    });
  };

  return (
    <Form<DetailsValues>
      // The fields are checked by their rules, in the app's words: not by the browser's own bubble.
      noValidate
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: profile.email, phone_number: profile.phone_number ?? '' }}
      onFinish={submit}
    >
      <Row gutter={16}>
        <Col xs={24} md={24}>
          <ReadOnlyField id="settings-username" label="Username" value={profile.username} />
        </Col>
        <Col xs={24} md={12}>
          <ReadOnlyField id="settings-first-name" label="First name" value={profile.first_name} />
        </Col>
        <Col xs={24} md={12}>
          <ReadOnlyField id="settings-last-name" label="Last name" value={profile.last_name} />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Email" name="email" rules={EMAIL_RULES} validateFirst>
            <Input type="email" autoComplete="email" prefix={<MailOutlined />} maxLength={254} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Phone number" name="phone_number" rules={PHONE_RULES} extra={MSG.phoneHint}>
            <Input
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              prefix={<PhoneOutlined />}
              placeholder="+14155550123"
              maxLength={16}
            />
          </Form.Item>
        </Col>
      </Row>
      <Flex justify="flex-end" gap={8} wrap style={{ marginTop: 8 }}>
        <Button
          disabled={!changed || change.isPending}
          onClick={() => {
            form.resetFields();
            form.setFieldsValue({ email: profile.email, phone_number: profile.phone_number ?? '' });
          }}
        >
          Discard
        </Button>
        <Button type="primary" htmlType="submit" disabled={!changed} loading={change.isPending}>
          Save Changes
        </Button>
      </Flex>
    </Form>
  );
}

function PlanRow({ plan, first }: { plan: CurrentPlan; first: boolean }) {
  const { token } = theme.useToken();
  const expiry = formatExpiry(plan.expires);
  return (
    <Flex
      align="center"
      gap={token.marginSM}
      style={{
        padding: `${token.paddingSM}px 0`,
        borderTop: first ? undefined : `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex
        align="center"
        justify="center"
        style={{
          flex: 'none',
          width: 36,
          height: 36,
          borderRadius: token.borderRadius,
          background: token.colorPrimaryBg,
          color: token.colorPrimary,
        }}
      >
        <CrownOutlined />
      </Flex>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text strong ellipsis style={{ display: 'block' }}>
          {plan.name}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {expiry ? `Expires ${expiry}` : 'No expiry date'}
        </Typography.Text>
      </div>
      <Typography.Text strong style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }}>
        {formatCents(plan.amount)}
      </Typography.Text>
    </Flex>
  );
}

function CurrentPlans({ plans }: { plans: CurrentPlan[] }) {
  if (plans.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No active plan" />;
  return (
    <div role="list" aria-label="Current plans">
      {plans.map((plan, i) => (
        <div role="listitem" key={plan.id}>
          <PlanRow plan={plan} first={i === 0} />
        </div>
      ))}
    </div>
  );
}

export function AccountTab({ profile }: { profile: Profile }) {
  const { token } = theme.useToken();
  return (
    <Row gutter={[token.marginLG, token.marginLG]}>
      <Col xs={24} lg={15}>
        <Section
          title="Personal details"
          description="Your e-mail address and phone number are used for sign-in codes and alerts."
        >
          <DetailsForm profile={profile} />
        </Section>
      </Col>
      <Col xs={24} lg={9}>
        <Flex vertical gap={token.marginLG}>
          <Section title="Profile picture">
            <ProfilePicture profile={profile} />
          </Section>
          <Section title="Current plans">
            <CurrentPlans plans={profile.current_plans} />
          </Section>
        </Flex>
      </Col>
    </Row>
  );
}
