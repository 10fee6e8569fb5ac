/**
 * The playground's side panels: presentational React components that read only their props
 * and report what the person did as `ScenarioEdit`s or callbacks. The lead's page wires them
 * to the stores; nothing here reads a store.
 */
import './panels.css';

export { type FencingMode, FencingSwitch } from './FencingSwitch';
export { Inspector } from './inspector/Inspector';
export { EVENT_DRAG_MIME, PALETTE_TYPES, Palette, type PaletteEventType } from './Palette';
export { AtPlayhead } from './playhead/AtPlayhead';
export { PLAYBACK_SPEEDS, PlaybackControls } from './playhead/PlaybackControls';
export { SettingsPanel } from './settings/SettingsPanel';
export { type PlayheadState, type ReplicaAtPlayhead, stateAtPlayhead } from './stateAtPlayhead';
export { EventTable } from './tables/EventTable';
export { GrantTable } from './tables/GrantTable';
export { OutcomeTable, outcomesByOrder } from './tables/OutcomeTable';
export { type ViolationItem, ViolationList } from './ViolationList';
