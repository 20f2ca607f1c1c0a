/** My Trackers (1-core §2): tracked alerts and DIONE trackers. */
export { TrackersPage } from './TrackersPage';
