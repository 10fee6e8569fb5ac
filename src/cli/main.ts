/** Entry point of `npm run leaseline`: wires the real terminal, engine and presets to runCli. */
import { PRESETS } from '../presets/catalogue';
import { nodeIo } from './nodeIo';
import { runCli } from './runCli';
import { simulatorEngine } from './simulatorEngine';

// exitCode rather than exit(): let buffered output to a pipe drain before Node leaves.
process.exitCode = runCli(process.argv.slice(2), { io: nodeIo, engine: simulatorEngine, presets: PRESETS });
