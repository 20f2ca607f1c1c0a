import { useEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { Result, Spin } from 'antd';
import { MSG, ROUTES } from '@drat/contracts';
import { ApiError } from '../../api/client';
import { getSession } from '../../app/session';
import { CenteredAuthCard, failureMessages, LinkButton } from './AuthFrame';
import { useConfirmEmailChange } from './mutations';

/** What went wrong, in the server's words (a 400 names the token; other failures say theirs). */
function problemOf(err: unknown): string {
  if (err instanceof ApiError && Array.isArray(err.body.token)) return String(err.body.token[0]);
  return failureMessages(err)[0] ?? MSG.somethingWrong;
}

/** /confirm-email/:token: the link sent to a new sign-in e-mail; it works signed in or not. */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const sent = useRef(false);
  const confirm = useConfirmEmailChange(token);
  // Once per page: the link works once.
  useEffect(() => {
    if (sent.current || token === '') return;
    sent.current = true;
    confirm.mutate();
  }, [confirm, token]);

  const next = getSession()
    ? { to: ROUTES.settings, label: 'Back to Settings' }
    : { to: ROUTES.login, label: 'Sign in' };
  return (
    <CenteredAuthCard testId="confirm-email">
      {confirm.isSuccess ? (
        <Result
          status="success"
          title={confirm.data.message}
          extra={
            <LinkButton type="primary" to={next.to}>
              {next.label}
            </LinkButton>
          }
        />
      ) : confirm.isError || token === '' ? (
        <Result
          status="error"
          title={token === '' ? MSG.emailChangeLinkInvalid : problemOf(confirm.error)}
          extra={
            <LinkButton type="primary" to={next.to}>
              {next.label}
            </LinkButton>
          }
        />
      ) : (
        <div style={{ display: 'flex', justifyContent: 'center', padding: 24 }}>
          <Spin size="large" />
        </div>
      )}
    </CenteredAuthCard>
  );
}
