import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useLocale } from '../../i18n';
import { texts } from '../../resources/texts';
import { searchModels, useCanChooseModel, type ModelChoice } from './model-choices';
import { taskTexts } from './task-texts';

const searchDelayMs = 300;

/** Models matching the typed text, fetched after a pause in typing while the list is open; stale answers dropped. */
function useModelChoices(text: string, open: boolean) {
  const [found, setFound] = useState<{ text: string; choices: ModelChoice[] } | null>(null);
  useEffect(() => {
    if (!open) return;
    let current = true;
    const timer = setTimeout(
      () => {
        searchModels(text.trim()).then(
          (choices) => current && setFound({ text, choices }),
          () => current && setFound({ text, choices: [] }),
        );
      },
      text === '' ? 0 : searchDelayMs,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, open]);
  return { choices: found?.choices ?? [], loading: open && found?.text !== text };
}

/**
 * The model an analysis task runs, searched by name as the operator types. The chosen model shows
 * by the label the task carries (`modelName`). Choosing reads the model list, which needs the
 * model key: without it the select is off and keeps the task's model (the form says why).
 */
export function ModelSelect(props: {
  readonly carried: ModelChoice | null;
  readonly id?: string;
  readonly value?: number | null;
  readonly onChange?: (value: number | null) => void;
  readonly 'aria-describedby'?: string;
  readonly 'aria-invalid'?: boolean | 'true' | 'false';
}) {
  const { carried, value, onChange, ...linked } = props;
  const { t } = useLocale();
  const readable = useCanChooseModel();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const { choices, loading } = useModelChoices(text, open && readable);
  const [picked, setPicked] = useState<ModelChoice | null>(null);
  // The chosen model stays listed, so the select shows its label, never a bare id.
  const chosen = [picked, carried].find((choice) => choice !== null && choice.id === value);
  const options = [...(chosen && !choices.some((c) => c.id === chosen.id) ? [chosen] : []), ...choices].map(
    (choice) => ({ value: choice.id, label: choice.label }),
  );

  return (
    <Select<number | null>
      {...linked}
      showSearch={{ filterOption: false, onSearch: setText }}
      value={value ?? null}
      placeholder={t(taskTexts.modelPlaceholder)}
      onChange={(next) => {
        setPicked(choices.find((choice) => choice.id === next) ?? null);
        onChange?.(next ?? null);
      }}
      onOpenChange={(isOpen) => {
        setOpen(isOpen);
        if (!isOpen) setText('');
      }}
      options={options}
      loading={loading}
      disabled={!readable}
      notFoundContent={loading ? t(texts.searching) : t(texts.noMatch)}
    />
  );
}
