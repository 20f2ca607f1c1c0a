/** The triggers screen (1-core §2). */
export { TriggersPage } from './TriggersPage';
