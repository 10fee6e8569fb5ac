/**
 * `leaseline link FILE [--base URL]`: print a share link that opens the scenario in the app.
 * Keys that are not fields travel in the link (the app warns about them too) and are warned
 * about on stderr here.
 */
import { buildShareLink } from '../model/shareLink';
import { type CliContext, EXIT_INVALID, EXIT_OK } from './cliContext';
import { printLoadProblems, readScenarioFile } from './readScenarioFile';

export interface LinkOptions {
  readonly file: string;
  /** The app's address; undefined means the one `npm start` serves. */
  readonly baseUrl: string | undefined;
}

/** Runs `link`; returns the exit status (2 when the file is invalid: no link to a broken scenario). */
export function runLink(context: CliContext, options: LinkOptions): number {
  const loaded = readScenarioFile(context.io, options.file);
  printLoadProblems(context.io, loaded);
  if (!loaded.ok) return EXIT_INVALID;
  context.io.stdout(`${buildShareLink(loaded.document, options.baseUrl)}\n`);
  return EXIT_OK;
}
