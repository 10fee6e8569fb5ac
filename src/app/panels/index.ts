/**
 * The playground's side panels: presentational React components that read only their props
 * and report what the person did as `ScenarioEdit`s or callbacks. The lead's page wires them
 * to the stores; nothing here reads a store.
 */
import './panels.css';

export { type FencingMode, FencingSwitch } from './FencingSwitch';
export { Inspector } from './inspector/Inspector';
export { SettingsPanel } from './settings/SettingsPanel';
