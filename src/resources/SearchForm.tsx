import DownOutlined from '@ant-design/icons/DownOutlined';
import UpOutlined from '@ant-design/icons/UpOutlined';
import { Button, Card, Col, Form, Grid, Input, Row, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { FieldDescriptor, ResourceDescriptor } from './descriptors';
import { useLocale } from '../i18n';
import { searchFields, withFilters, type ListState } from './list-query';
import { DateInput, RangeInput } from './DateInput';
import type { RangeValue } from './RangeInput';
import { ReferenceSelect } from './ReferenceSelect';
import { fieldsPerRow, foldedCount, readSearchOpen, storeSearchOpen } from './search-fold';
import { texts } from './texts';

/** Values by query parameter, as the list state's filters. */
type SearchValues = Record<string, string | undefined>;
/** The form's own values: by field name, a range field holding its two bounds. */
type FormValues = Record<string, string | RangeValue | undefined>;

/** Room for a label of four or five Chinese characters; a longer English one wraps. */
const labelWidth = '96px';

function SearchInput({
  field,
  value,
  onChange,
  ...props
}: {
  field: FieldDescriptor;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}) {
  const { t } = useLocale();
  const dateOnly = field.format === 'date';
  if (field.range !== null) {
    return (
      <RangeInput
        {...props}
        dateOnly={dateOnly}
        value={value as RangeValue | undefined}
        onChange={onChange}
      />
    );
  }
  // Filters are query text: an id travels as its digits, a day as YYYY-MM-DD.
  const text = (next: unknown) => onChange?.(next === null || next === undefined ? undefined : String(next));
  if (field.reference !== null) {
    return (
      <ReferenceSelect
        {...props}
        field={field}
        className="cfop-resource-search-input"
        placeholder={t(texts.all)}
        allowClear
        value={typeof value === 'string' && value !== '' ? Number(value) : undefined}
        onChange={text}
      />
    );
  }
  if (field.widget === 'date' || field.widget === 'datetime') {
    return (
      <DateInput
        {...props}
        className="cfop-resource-search-input"
        dateOnly={dateOnly}
        value={value}
        onChange={text}
      />
    );
  }
  const choices =
    field.options?.map((option) => ({ value: option.value, label: t(option.label) })) ??
    (field.type === 'boolean'
      ? [
          { value: 'true', label: t(texts.yes) },
          { value: 'false', label: t(texts.no) },
        ]
      : null);
  if (choices !== null) {
    return (
      <Select
        {...props}
        value={value}
        onChange={onChange}
        allowClear
        placeholder={t(texts.all)}
        options={choices}
        className="cfop-resource-search-input"
      />
    );
  }
  return (
    <Input
      {...props}
      value={typeof value === 'string' ? value : undefined}
      onChange={(event) => onChange?.(event.target.value)}
      allowClear
      className="cfop-resource-search-input"
      autoComplete="off"
    />
  );
}

/** The search form of a list: its values mirror the URL's filters (Back, shared links). */
export function SearchForm(props: {
  descriptor: ResourceDescriptor;
  filters: Readonly<Record<string, string>>;
  onSearch(values: SearchValues): void;
}) {
  const { t } = useLocale();
  const [form] = Form.useForm<FormValues>();
  const fields = useMemo(() => searchFields(props.descriptor), [props.descriptor]);
  const screens = Grid.useBreakpoint();
  const perRow = fieldsPerRow(screens);
  // Until the reader folds or unfolds it (remembered per screen): open on a wide window, folded
  // below 1200 px where it would take much of the screen, open when a filter it hides is in use.
  const [chosen, setChosen] = useState(() => readSearchOpen(props.descriptor.name));
  const choose = (open: boolean) => {
    setChosen(open);
    storeSearchOpen(props.descriptor.name, open);
  };

  useEffect(() => {
    form.setFieldsValue(
      Object.fromEntries(fields.map((field) => [field.name, formValue(field, props.filters)])),
    );
  }, [form, fields, props.filters]);

  if (fields.length === 0) return null;
  const span = 24 / perRow;
  const slots = fields.map(slotsOf);
  const shownFolded = foldedCount(slots, perRow);
  const hiddenInUse = fields.some(
    (field, index) => index >= shownFolded && formValue(field, props.filters) !== undefined,
  );
  const folded = !(chosen ?? (screens.xl === true || hiddenInUse)) && shownFolded < fields.length;
  return (
    <Form
      form={form}
      // The name prefixes the inputs' ids, which must differ from the drawer form's.
      name={`${props.descriptor.name}-search`}
      labelCol={{ flex: labelWidth }}
      labelWrap
      className="cfop-resource-search"
      onFinish={(values) => props.onSearch(searchValues(fields, values))}
      aria-label={t(texts.search)}
    >
      <Row gutter={[24, 16]}>
        {fields.map((field, index) => (
          // A folded field stays in the form, hidden, so its filter still applies.
          <Col
            key={field.name}
            span={Math.min(span * slotsOf(field), 24)}
            hidden={folded && index >= shownFolded}
          >
            <Form.Item name={field.name} label={t(field.label)}>
              <SearchInput field={field} />
            </Form.Item>
          </Col>
        ))}
        <Col flex="auto" className="cfop-resource-search-buttons">
          <Button type="primary" htmlType="submit">
            {t(texts.search)}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              props.onSearch({});
            }}
          >
            {t(texts.reset)}
          </Button>
          {shownFolded < fields.length && (
            <Button
              type="link"
              className="cfop-resource-search-fold"
              aria-expanded={!folded}
              onClick={() => choose(folded)}
            >
              {t(folded ? texts.expand : texts.collapse)}
              {folded ? <DownOutlined aria-hidden /> : <UpOutlined aria-hidden />}
            </Button>
          )}
        </Col>
      </Row>
    </Form>
  );
}

/** Places a field takes in the search grid: a range's two pickers take two. */
const slotsOf = (field: FieldDescriptor) => (field.range === null ? 1 : 2);

/** A field's form value from the filters: a range field gets its pair of bounds. */
function formValue(
  field: FieldDescriptor,
  filters: Readonly<Record<string, string>>,
): string | RangeValue | undefined {
  if (field.range === null) return filters[field.name];
  const pair: RangeValue = [filters[field.range.from] ?? null, filters[field.range.to] ?? null];
  return pair[0] === null && pair[1] === null ? undefined : pair;
}

/** The form's values keyed by query parameter: a range splits into its two bounds. */
function searchValues(fields: readonly FieldDescriptor[], values: FormValues): SearchValues {
  return Object.fromEntries(
    fields.flatMap((field): [string, string | undefined][] => {
      const value = values[field.name];
      if (field.range === null) return [[field.name, typeof value === 'string' ? value : undefined]];
      const [from, to] = Array.isArray(value) ? (value as RangeValue) : [null, null];
      return [
        [field.range.from, from ?? undefined],
        [field.range.to, to ?? undefined],
      ];
    }),
  );
}

/**
 * A list's search in its card. A new search moves the list state in the URL; the same search again
 * changes no URL, so `onSameSearch` says what it does instead (the list asks the server again).
 */
export function SearchCard(props: {
  descriptor: ResourceDescriptor;
  state: ListState;
  setState(next: ListState): boolean;
  onSameSearch(): void;
}) {
  const { descriptor, state, setState, onSameSearch } = props;
  return (
    <Card variant="borderless" className="cfop-resource-search-card">
      <SearchForm
        descriptor={descriptor}
        filters={state.filters}
        onSearch={(values) => {
          if (!setState(withFilters(descriptor, state, values))) onSameSearch();
        }}
      />
    </Card>
  );
}
