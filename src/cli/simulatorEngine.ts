/** The real engine behind `CliEngine`: the simulator and its check report. */
import { buildCheckReport } from '../sim/readings/checkReport';
import { simulate } from '../sim/simulate';
import { unsupportedFeatures } from '../sim/supportedFeatures';
import type { CliEngine } from './cliContext';

export const simulatorEngine: CliEngine = {
  unsupported: unsupportedFeatures,
  report: (file, scenario) => buildCheckReport(file, scenario, simulate(scenario)),
  simulate: (scenario) => simulate(scenario),
};
