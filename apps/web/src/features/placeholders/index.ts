/** The page shown where an area of the spec is not built yet. */
export { PlaceholderPage } from './PlaceholderPage';
