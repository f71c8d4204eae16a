import { Button, Form, Input, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import type { FieldDescriptor, ResourceDescriptor } from '../generated/resources';
import { useLocale } from '../i18n';
import { searchFields } from './list-query';
import { texts } from './texts';

type SearchValues = Record<string, string | undefined>;

function SearchInput({ field, ...props }: { field: FieldDescriptor; id?: string }) {
  const { t } = useLocale();
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
        allowClear
        placeholder={t(texts.all)}
        options={choices}
        className="cfop-resource-search-input"
      />
    );
  }
  return <Input {...props} allowClear className="cfop-resource-search-input" autoComplete="off" />;
}

/** The search form of a list: its values mirror the URL's filters (Back, shared links). */
export function SearchForm(props: {
  descriptor: ResourceDescriptor;
  filters: Readonly<Record<string, string>>;
  onSearch(values: SearchValues): void;
}) {
  const { t } = useLocale();
  const [form] = Form.useForm<SearchValues>();
  const fields = useMemo(() => searchFields(props.descriptor), [props.descriptor]);

  useEffect(() => {
    form.setFieldsValue(Object.fromEntries(fields.map((field) => [field.name, props.filters[field.name]])));
  }, [form, fields, props.filters]);

  if (fields.length === 0) return null;
  return (
    <Form
      form={form}
      // The name prefixes the inputs' ids, which must differ from the drawer form's.
      name={`${props.descriptor.name}-search`}
      layout="inline"
      className="cfop-resource-search"
      onFinish={props.onSearch}
      aria-label={t(texts.search)}
    >
      {fields.map((field) => (
        <Form.Item key={field.name} name={field.name} label={t(field.label)}>
          <SearchInput field={field} />
        </Form.Item>
      ))}
      <Form.Item className="cfop-resource-search-buttons">
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
      </Form.Item>
    </Form>
  );
}
