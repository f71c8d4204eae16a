import { Select } from 'antd';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FieldDescriptor, FieldReference } from './descriptors';
import { useLocale } from '../i18n';
import type { Entity } from './form-values';
import { referenceApi } from './resource-api';
import { texts } from './texts';

type Labels = ReadonlyMap<number, string>;

/**
 * What a reference select needs of its field: its name, one id or several, and its reference. A
 * descriptor field, or a page's own (a camera task's model, picked through the camera's choices).
 */
export type ReferenceField = Pick<FieldDescriptor, 'name' | 'widget' | 'reference'>;

const searchDelayMs = 300;

function idsOf(value: unknown): number[] {
  const values = Array.isArray(value) ? value : [value];
  return values.filter((id): id is number => typeof id === 'number');
}

/** The labels an edited row already carries for its ids (`aiServerName`, `roleNames`). */
export function knownLabels(field: ReferenceField, entity: Entity | undefined): Labels {
  if (field.reference === null || entity === undefined) return new Map();
  const ids = idsOf(entity[field.name]);
  const carried = entity[field.reference.label];
  const labels = Array.isArray(carried) ? carried : [carried];
  return new Map(
    ids.flatMap((id, index) => {
      const label = labels[index];
      return typeof label === 'string' ? [[id, label] as const] : [];
    }),
  );
}

/**
 * Choices matching the typed text, read after a pause in typing and cached by the text: the choices
 * of a text seen before show at once and are read again, the last ones stay while the next load.
 */
function useChoices(reference: FieldReference, field: string, text: string, open: boolean) {
  const [paused, setPaused] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(text), text === '' ? 0 : searchDelayMs);
    return () => clearTimeout(timer);
  }, [text]);
  // Emptied (the select opened or cleared), the whole list is asked for at once.
  const asked = (text === '' ? '' : paused).trim();
  const found = useQuery({
    queryKey: [reference.choices, field, 'search', asked],
    queryFn: open ? () => referenceApi.search(reference, field, asked) : skipToken,
    placeholderData: keepPreviousData,
    // What another screen saved a moment ago is among the choices: every opening reads them again.
    staleTime: 0,
  });
  const labels = useMemo(
    () => new Map((found.data?.items ?? []).map((item) => [item.id, item.label])),
    [found.data],
  );
  const waiting = asked !== text.trim() || found.isPending || found.isPlaceholderData;
  return { labels, loading: open && waiting };
}

/** The most ids one choices call looks up. */
const idsPerCall = 50;

/** Labels of chosen ids nobody has told us about yet, each asked for once. */
function useMissingLabels(
  reference: FieldReference,
  field: string,
  ids: readonly number[],
  known: Labels,
): Labels {
  const [fetched, setFetched] = useState<Labels>(new Map());
  const asked = useRef(new Set<number>());
  // A string key: the effect runs when the set of unlabelled ids changes, not on every render.
  const missing = ids.filter((id) => !known.has(id)).join(',');
  useEffect(() => {
    const unasked = missing
      .split(',')
      .filter(Boolean)
      .map(Number)
      .filter((id) => !asked.current.has(id));
    for (const id of unasked) asked.current.add(id);
    for (let start = 0; start < unasked.length; start += idsPerCall) {
      // A failure has its toast already; the select keeps showing #id.
      referenceApi.labels(reference, field, unasked.slice(start, start + idsPerCall)).then(
        (answer) =>
          setFetched(
            (before) => new Map([...before, ...answer.items.map((item) => [item.id, item.label] as const)]),
          ),
        () => undefined,
      );
    }
  }, [reference, field, missing]);
  return fetched;
}

/**
 * A searchable select of another resource's items (`reference`: one id, `references`: several).
 * It asks the field's own resource for choices as the operator types, so it works the same for ten
 * items as for ten thousand, and for an operator holding no key of the referenced resource.
 */
export function ReferenceSelect(props: {
  readonly field: ReferenceField;
  readonly entity?: Entity;
  readonly id?: string;
  readonly value?: unknown;
  readonly onChange?: (value: unknown) => void;
  readonly allowClear: boolean;
  readonly placeholder?: string;
  readonly className?: string;
  readonly 'aria-describedby'?: string;
  readonly 'aria-invalid'?: boolean | 'true' | 'false';
}) {
  const { field, entity, value, onChange, allowClear, ...linked } = props;
  const reference = field.reference as FieldReference;
  const { t } = useLocale();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const choices = useChoices(reference, field.name, text, open);
  const carried = useMemo(() => knownLabels(field, entity), [field, entity]);
  const chosen = idsOf(value);
  const known = new Map([...carried, ...choices.labels]);
  const fetched = useMissingLabels(reference, field.name, chosen, known);
  // Chosen ids stay listed, labelled as soon as known, so the select never shows a bare number.
  const labelled = new Map([...fetched, ...known]);
  for (const id of chosen) if (!labelled.has(id)) labelled.set(id, `#${id}`);
  const options = [...labelled].map(([id, label]) => ({ value: id, label }));

  return (
    <Select
      {...linked}
      mode={field.widget === 'references' ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setText }}
      allowClear={allowClear}
      value={field.widget === 'references' ? chosen : (chosen[0] ?? null)}
      onChange={(next: unknown) => onChange?.(next ?? null)}
      onOpenChange={(isOpen) => {
        setOpen(isOpen);
        if (!isOpen) setText('');
      }}
      options={options}
      loading={choices.loading}
      notFoundContent={choices.loading ? t(texts.searching) : t(texts.noMatch)}
    />
  );
}
