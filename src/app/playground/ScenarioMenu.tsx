import { useTranslation } from 'react-i18next';
import { PRESETS } from '../../presets/catalogue';
import { ChoiceMenu } from '../components/ChoiceMenu';
import { openPreset } from '../course/openPreset';
import { replaceNight } from '../exercise/leaveExercise';
import { presetTitle } from '../i18n/presetText';
import { useDocument } from '../state/documentStore';
import { useStores } from '../state/stores';
import { useUi } from '../state/uiStore';
import { isEditedPreset } from './editedPreset';
import { presetsByTopic } from './presetTopics';
import { scenarioButton } from './scenarioButton';

const GROUPS = presetsByTopic();

/**
 * The toolbar's Scenario menu: every built-in night under its topic, by its full title (the
 * id beside it), opened only when chosen (Enter or a click), as one undoable step, after
 * asking if it would replace an exercise's night. The button names the night on screen
 * (scenarioButton.ts), and adds "(edited)" once it is no longer the preset's night.
 */
export function ScenarioMenu() {
  const { t } = useTranslation();
  const stores = useStores();
  const source = useDocument(stores.documents, (state) => state.source);
  const document = useDocument(stores.documents, (state) => state.document);
  const openLesson = useUi(stores.ui, (state) => state.lesson);
  const button = scenarioButton(t, source, document, openLesson);
  return (
    <ChoiceMenu
      className="scenario-menu"
      label={t('toolbar.preset')}
      buttonText={button.text}
      buttonNote={button.note}
      value={button.presetId}
      groups={GROUPS.map(({ topic, presets }) => ({
        id: topic,
        label: t(`picker.topic.${topic}`),
        choices: presets.map((candidate) => ({
          value: candidate.id,
          label: presetTitle(t, candidate),
          detail: candidate.id,
        })),
      }))}
      onChoose={(presetId) => {
        const chosen = PRESETS.find((candidate) => candidate.id === presetId);
        // The night on screen already is that preset: nothing to replace, nothing to undo.
        if (presetId === source && !isEditedPreset(document, presetId)) return;
        if (chosen) replaceNight(stores, t, presetTitle(t, chosen), () => openPreset(stores, presetId));
      }}
    />
  );
}
