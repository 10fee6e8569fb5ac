/** `leaseline link FILE [--base URL]`: print a share link that opens the scenario in the app. */
import { buildShareLink } from '../model/shareLink';
import { type CliContext, EXIT_INVALID, EXIT_OK } from './cliContext';
import { printScenarioErrors, readScenarioFile } from './readScenarioFile';

export interface LinkOptions {
  readonly file: string;
  /** The app's address; undefined means the one `npm start` serves. */
  readonly baseUrl: string | undefined;
}

/** Runs `link`; returns the exit status (2 when the file is invalid: no link to a broken scenario). */
export function runLink(context: CliContext, options: LinkOptions): number {
  const loaded = readScenarioFile(context.io, options.file);
  if (!loaded.ok) {
    printScenarioErrors(context.io, loaded.errors);
    return EXIT_INVALID;
  }
  context.io.stdout(`${buildShareLink(loaded.document, options.baseUrl)}\n`);
  return EXIT_OK;
}
