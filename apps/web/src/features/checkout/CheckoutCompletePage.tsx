import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Flex, Spin, Typography } from 'antd';
import { CHECKOUT_CLAIM_STORAGE, PAYMENTS_MSG, type CheckoutStatus } from '@drat/contracts';
import { ApiError } from '../../api/client';
import { logout } from '../../api/auth';
import { claimCheckout } from '../../api/payments';
import { clearSession, setSession, useSession } from '../../app/session';

/** How often, and for how long, the page asks whether the payment is confirmed (a webhook may take a moment). */
const POLL_MS = 2_000;
const POLL_FOR_MS = 2 * 60_000;

/**
 * The page a buyer arrives on after paying (3-bots-admin-public §7 checkout): it waits for the
 * payment's confirmation, then signs a new buyer in once (with the claim this browser kept when it
 * started the checkout) and opens the dashboard; an existing account is asked to sign in.
 */
export function CheckoutCompletePage() {
  const [params] = useSearchParams();
  const id = params.get('checkout') ?? '';
  const navigate = useNavigate();
  const session = useSession();
  const [status, setStatus] = useState<CheckoutStatus | null>(null);
  const [failure, setFailure] = useState<string | null>(id ? null : PAYMENTS_MSG.checkoutNotFound);
  const [gaveUp, setGaveUp] = useState(false);
  // One poll per page, even when React runs the effect twice (a claim signs in once).
  const started = useRef(false);

  useEffect(() => {
    if (!id || started.current) return;
    started.current = true;
    const key = CHECKOUT_CLAIM_STORAGE + id;
    const until = Date.now() + POLL_FOR_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const answer = await claimCheckout(id, localStorage.getItem(key) ?? undefined);
        setStatus(answer);
        if (answer.status !== 'open') localStorage.removeItem(key);
        if (answer.user_data) {
          setSession(answer.user_data);
          navigate('/dashboard', { replace: true });
          return;
        }
        if (answer.status === 'open') {
          if (Date.now() < until) timer = setTimeout(() => void ask(), POLL_MS);
          else setGaveUp(true);
        }
      } catch (err) {
        setFailure(err instanceof ApiError ? err.message : 'The payment could not be checked. Reload the page.');
      }
    };
    void ask();
    return () => clearTimeout(timer);
  }, [id, navigate]);

  return (
    <Flex justify="center" style={{ padding: 24 }}>
      <Card style={{ maxWidth: 560, width: '100%' }}>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {status?.status === 'complete' ? 'Thank you' : 'Payment'}
        </Typography.Title>
        {failure ? (
          <Alert type="error" showIcon title={failure} />
        ) : !status || (status.status === 'open' && !gaveUp) ? (
          <Flex gap={12} align="center" data-testid="checkout-pending">
            <Spin /> <span>{PAYMENTS_MSG.pending}</span>
          </Flex>
        ) : (
          <Alert
            type={status.status === 'complete' ? 'success' : status.status === 'open' ? 'info' : 'warning'}
            showIcon
            data-testid="checkout-status"
            title={
              gaveUp
                ? 'Your payment is still being confirmed. We e-mail you as soon as your plan is on your account.'
                : status.message
            }
          />
        )}
        <Flex gap={12} style={{ marginTop: 20 }}>
          {session && status?.status === 'complete' ? (
            // A signed-in buyer's stored rights predate the plan: a new sign-in brings them.
            <Button
              type="primary"
              onClick={() =>
                void logout()
                  .catch(() => undefined)
                  .then(() => {
                    clearSession('logout');
                    navigate('/login', { replace: true });
                  })
              }
            >
              Sign in again
            </Button>
          ) : (
            <Link to="/login">
              <Button type="primary">Sign in</Button>
            </Link>
          )}
          <a href="/pay">
            <Button>See the plans</Button>
          </a>
        </Flex>
      </Card>
    </Flex>
  );
}
