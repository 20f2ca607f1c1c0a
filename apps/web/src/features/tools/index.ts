/** The research tools (1-core §2 Tools): Dione, Ask DRAT and Range Radar. */
export { ToolsPage } from './ToolsPage';
