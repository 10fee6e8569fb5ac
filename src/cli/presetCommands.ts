/** `leaseline presets` (the catalogue as a table) and `leaseline preset ID` (one preset as a file). */
import { loadScenarioValue } from '../model/loadScenario';
import { serializeScenario } from '../model/serializeScenario';
import { type CliContext, EXIT_INVALID, EXIT_OK } from './cliContext';
import { printLoadProblems } from './readScenarioFile';
import { formatTable } from './table';

/** Lists every preset: id, title, curriculum items. */
export function runPresets(context: CliContext): number {
  const rows = context.presets.map((preset) => [preset.id, preset.title, preset.curriculum.join(', ')]);
  context.io.stdout(formatTable([['ID', 'TITLE', 'CURRICULUM'], ...rows]));
  return EXIT_OK;
}

/** Prints one preset as a scenario file, ready for `> file.json`; unknown id: exit 2 with the known ids. */
export function runPreset(context: CliContext, id: string): number {
  const preset = context.presets.find((candidate) => candidate.id === id);
  if (preset === undefined) {
    const known = context.presets.map((candidate) => candidate.id).join(', ');
    context.io.stderr(`leaseline: there is no preset ${JSON.stringify(id)}; the presets are: ${known}\n`);
    return EXIT_INVALID;
  }
  // Going through the loader prints exactly what a file would hold, and catches a broken preset.
  const loaded = loadScenarioValue(preset.document, `${preset.id}.json`);
  printLoadProblems(context.io, loaded);
  if (!loaded.ok) return EXIT_INVALID;
  context.io.stdout(serializeScenario(loaded.document));
  return EXIT_OK;
}
