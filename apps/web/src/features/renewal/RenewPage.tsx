import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Flex, List, Skeleton, Typography } from 'antd';
import { MSG, type CatalogueItem } from '@drat/contracts';
import { useSession } from '../../app/session';
import { formatMoney } from '../../lib/format';
import { useRenewCheckout } from './mutations';
import { useContact, useRenewal } from './queries';

const PER = { month: 'a month', year: 'a year', once: 'once' } as const;

/**
 * Where the renewal link leads (1-core §2, §6: expired users see a renewal link): the plans the
 * account had, each with its checkout; paying restores access. Reached from a refused sign-in
 * (the link's `r` names the account) or from the expired banner of a signed-in session.
 */
export function RenewPage() {
  const [params] = useSearchParams();
  const r = params.get('r');
  const session = useSession();
  const renewal = useRenewal(r, Boolean(r || session));
  const checkout = useRenewCheckout();
  const contact = useContact();
  const email = contact.data?.support_email ?? null;
  const subject = encodeURIComponent('Renew my DRAT subscription');
  const plans = renewal.data?.plans ?? [];

  const renew = (p: CatalogueItem) =>
    checkout.mutate({
      price_id: p.price_id,
      allow_coupons: p.allow_coupons,
      have_trial: p.trial_days > 0,
      trial_period_days: p.trial_days,
      is_subscription: p.is_subscription,
      return_path: r ? `/renew?r=${encodeURIComponent(r)}` : '/renew',
      ...(r && !session ? { renewal: r } : {}),
    });

  return (
    <Flex justify="center">
      <Card style={{ maxWidth: 640, width: '100%' }}>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          Renew your subscription
        </Typography.Title>
        <Alert type="warning" showIcon title={MSG.accountInactiveOrExpired} style={{ marginBottom: 16 }} />
        <Typography.Paragraph>
          Your account, settings, trackers and history are kept. Alerts, triggers and the research tools open again as
          soon as a plan runs on your account.
        </Typography.Paragraph>
        {renewal.isLoading && <Skeleton active paragraph={{ rows: 3 }} title={false} />}
        {renewal.isError && <Alert type="error" showIcon title={renewal.error.message} style={{ marginBottom: 16 }} />}
        {renewal.data && (
          <>
            <Typography.Paragraph>
              Renew <strong>{renewal.data.email}</strong>:
            </Typography.Paragraph>
            {plans.length > 0 ? (
              <List
                bordered
                dataSource={plans}
                renderItem={(p) => (
                  <List.Item
                    data-testid={`renew-${p.price_id}`}
                    actions={[
                      <Button
                        key="renew"
                        type="primary"
                        loading={checkout.isPending && checkout.variables?.price_id === p.price_id}
                        disabled={checkout.isPending || p.slots_left === 0}
                        onClick={() => renew(p)}
                      >
                        Renew {p.name}
                      </Button>,
                    ]}
                  >
                    <List.Item.Meta title={p.name} description={`${formatMoney(p.price)} ${PER[p.interval]}`} />
                  </List.Item>
                )}
              />
            ) : (
              <Typography.Paragraph>
                None of your plans is sold any more: choose one on the plans page.
              </Typography.Paragraph>
            )}
            {checkout.isError && (
              <Alert type="error" showIcon title={checkout.error.message} style={{ marginTop: 16 }} />
            )}
          </>
        )}
        <Typography.Title level={4}>Other ways</Typography.Title>
        <ul style={{ paddingLeft: 20 }}>
          <li>
            <a href="/pay">See every plan</a>, monthly or yearly.
          </li>
          {email && (
            <li>
              Or write to{' '}
              <Typography.Link href={`mailto:${email}?subject=${subject}`} data-testid="support-email">
                {email}
              </Typography.Link>{' '}
              from the e-mail address you sign in with.
            </li>
          )}
        </ul>
        <Link to="/login">
          <Button>Back to sign in</Button>
        </Link>
      </Card>
    </Flex>
  );
}
