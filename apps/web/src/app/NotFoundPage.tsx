import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Result } from 'antd';
import { MSG, UNKNOWN_PAGE_REDIRECT_SECONDS } from '@drat/contracts';

/** Unknown pages: 'That page does not exist' for 10 seconds, then / (2-trading §2.12). */
export function NotFoundPage() {
  const navigate = useNavigate();
  const [left, setLeft] = useState(UNKNOWN_PAGE_REDIRECT_SECONDS);
  useEffect(() => {
    const timer = setInterval(() => setLeft((s) => s - 1), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left <= 0) navigate('/', { replace: true });
  }, [left, navigate]);
  return (
    <Result
      status="404"
      title={MSG.pageDoesNotExist}
      subTitle={`Taking you home in ${Math.max(left, 0)} seconds.`}
      extra={
        <Button type="primary" onClick={() => navigate('/', { replace: true })}>
          Go home now
        </Button>
      }
    />
  );
}
