// The history helper thread's entry (history-pool.ts): the server's TypeScript runs through tsx,
// and a worker thread registers it for itself.
import { register } from 'tsx/esm/api';

register();
await import('./history-thread.ts');
