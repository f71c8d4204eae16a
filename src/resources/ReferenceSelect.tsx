import { Select } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FieldDescriptor, FieldReference } from '../generated/resources';
import { useLocale } from '../i18n';
import { useSession } from '../session';
import type { Entity } from './form-values';
import { referenceApi } from './resource-api';
import { texts } from './texts';

type Labels = ReadonlyMap<number, string>;

const searchDelayMs = 300;

function idsOf(value: unknown): number[] {
  const values = Array.isArray(value) ? value : [value];
  return values.filter((id): id is number => typeof id === 'number');
}

/** The labels an edited row already carries for its ids (`aiServerName`, `roleNames`). */
export function knownLabels(field: FieldDescriptor, entity: Entity | undefined): Labels {
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

function labelOf(reference: FieldReference, entity: Entity): string {
  const label = entity[reference.labelField];
  return typeof label === 'string' ? label : `#${String(entity.id)}`;
}

/** Choices matching the typed text, fetched after a pause in typing; stale answers are dropped. */
function useChoices(reference: FieldReference, text: string, open: boolean) {
  const [found, setFound] = useState<{ text: string; labels: Labels } | null>(null);
  useEffect(() => {
    if (!open) return;
    let current = true;
    const timer = setTimeout(
      () => {
        referenceApi.search(reference, text.trim()).then(
          (page) => {
            if (!current) return;
            const labels = new Map(page.items.map((item) => [item.id as number, labelOf(reference, item)]));
            setFound({ text, labels });
          },
          () => current && setFound({ text, labels: new Map() }),
        );
      },
      text === '' ? 0 : searchDelayMs,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [reference, text, open]);
  return { labels: found?.labels ?? new Map<number, string>(), loading: open && found?.text !== text };
}

/** Labels of chosen ids nobody has told us about yet, each fetched once. */
function useMissingLabels(reference: FieldReference, ids: readonly number[], known: Labels): Labels {
  const [fetched, setFetched] = useState<Labels>(new Map());
  const asked = useRef(new Set<number>());
  // A string key: the effect runs when the set of unlabelled ids changes, not on every render.
  const missing = ids.filter((id) => !known.has(id)).join(',');
  useEffect(() => {
    for (const id of missing.split(',').filter(Boolean).map(Number)) {
      if (asked.current.has(id)) continue;
      asked.current.add(id);
      // A failure has its toast already; the select keeps showing #id.
      referenceApi.get(reference, id).then(
        (entity) => setFetched((before) => new Map(before).set(id, labelOf(reference, entity))),
        () => undefined,
      );
    }
  }, [reference, missing]);
  return fetched;
}

/**
 * A searchable select of another resource's items (`reference`: one id, `references`: several).
 * It searches the referenced list by its label field as the operator types, so it works the same
 * for ten items as for ten thousand.
 */
export function ReferenceSelect(props: {
  readonly field: FieldDescriptor;
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
  // The other resource's list and items need its own key (a camera operator may not read the AI
  // servers): without it the select shows what the row carries and offers nothing to ask for.
  const readable = useSession().access[reference.access];
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const choices = useChoices(reference, text, open && readable);
  const carried = useMemo(() => knownLabels(field, entity), [field, entity]);
  const chosen = idsOf(value);
  const known = new Map([...carried, ...choices.labels]);
  const fetched = useMissingLabels(reference, readable ? chosen : [], known);
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
      disabled={!readable}
      title={readable ? undefined : t(texts.cannotChoose)}
      notFoundContent={choices.loading ? t(texts.searching) : t(texts.noMatch)}
    />
  );
}
