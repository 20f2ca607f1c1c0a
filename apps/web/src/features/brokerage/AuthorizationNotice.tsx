import { Link } from 'react-router-dom';
import { Alert, Button } from 'antd';
import { BROKER_MSG } from '@drat/contracts';
import { formatDateTime } from '../../lib/format';
import { useBrokerConnection } from './queries';

/**
 * A live trader's warning that their broker authorization has ended (trades can no longer reach
 * the broker) or ends within AUTHORIZATION_WARNING_HOURS (Tradier's lasts a day: ends_soon), with the way to
 * Broker Settings. Nothing while it has time left, or for a broker whose access does not lapse.
 */
export function AuthorizationNotice() {
  const connection = useBrokerConnection().data?.data.connection;
  if (!connection?.expires_at || !connection.ends_soon) return null;
  return (
    <Alert
      type={connection.expired ? 'error' : 'warning'}
      showIcon
      message={
        connection.expired
          ? BROKER_MSG.tokenExpired
          : BROKER_MSG.authorizationEnding(formatDateTime(connection.expires_at))
      }
      action={
        <Link to="/trade/settings">
          <Button size="small">Broker Settings</Button>
        </Link>
      }
    />
  );
}
