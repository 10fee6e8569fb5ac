import { useTranslation } from 'react-i18next';
import { asSentence } from '../asSentence';
import { locatedProblemText } from '../i18n/modelErrorText';
import type { EmbedNightProblem } from './embedNight';

/**
 * Why the embed shows no night, in the interface's words: no night named, an unknown preset,
 * or a broken share link (the app's own renderer of a link's problems). Every value from the
 * address is put in as text, never as markup.
 */
export function EmbedProblem({ problem }: { readonly problem: EmbedNightProblem }) {
  const { t } = useTranslation();
  const text =
    problem.kind === 'noNight'
      ? t('embed.problem.noNight')
      : problem.kind === 'unknownPreset'
        ? t('embed.problem.unknownPreset', { id: problem.id })
        : t('embed.problem.brokenLink', { reason: asSentence(locatedProblemText(t, problem.error)) });
  return (
    <main className="embed embed--problem">
      <div className="verdict verdict--unsafe">
        <span className="verdict-mark" aria-hidden="true">
          ✗
        </span>
        <p role="alert" className="verdict-text">
          {text}
        </p>
      </div>
    </main>
  );
}
