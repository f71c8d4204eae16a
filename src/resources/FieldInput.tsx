import { Input, InputNumber, Select, Switch } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';
import { useLocale } from '../i18n';
import { DateInput } from './DateInput';
import type { FieldInputProps } from './field-input-props';
import { ReferenceSelect } from './ReferenceSelect';
import { texts } from './texts';

const ipPlaceholder = '192.168.1.10';

/** Inputs a page supplies for some fields of its resource (the role editor's key tree), by field name. */
export type FieldInputs = Readonly<Record<string, ComponentType<FieldInputProps>>>;

// Uploading and previewing load with the first form that has a file field, not with every screen.
const UploadInput = lazy(() => import('./upload/UploadInput'));

/** The input a descriptor field's widget asks for in the create / edit form. */
export function FieldInput({ field, entity, value, onChange: change, ...linked }: FieldInputProps) {
  const { t } = useLocale();
  const onChange = change ?? (() => undefined);
  if (field.upload !== null) {
    return (
      <Suspense fallback={<div className="cfop-upload-loading" />}>
        <UploadInput {...linked} field={field} target={field.upload} value={value} onChange={onChange} />
      </Suspense>
    );
  }
  if (field.reference !== null) {
    return (
      <ReferenceSelect
        {...linked}
        field={field}
        entity={entity}
        value={value}
        onChange={onChange}
        allowClear={!field.required}
      />
    );
  }
  if (field.type === 'array') {
    const free = field.options === null;
    return (
      <Select
        {...linked}
        mode={free ? 'tags' : 'multiple'}
        value={Array.isArray(value) ? value : []}
        onChange={onChange}
        allowClear
        tokenSeparators={free ? [',', '，'] : undefined}
        placeholder={free ? t(texts.tagsHint) : undefined}
        open={free ? false : undefined}
        suffixIcon={free ? null : undefined}
        options={field.options?.map((option) => ({ value: option.value, label: t(option.label) }))}
      />
    );
  }
  if (field.widget === 'date' || field.widget === 'datetime') {
    return (
      <DateInput
        {...linked}
        className="cfop-resource-date"
        dateOnly={field.widget === 'date'}
        value={value}
        onChange={onChange}
      />
    );
  }
  if (field.options !== null) {
    return (
      <Select
        {...linked}
        value={value ?? undefined}
        onChange={onChange}
        allowClear={!field.required}
        options={field.options.map((option) => ({ value: option.value, label: t(option.label) }))}
      />
    );
  }
  if (field.type === 'boolean') {
    return <Switch {...linked} checked={value === true} onChange={onChange} />;
  }
  if (field.type === 'integer' || field.type === 'number') {
    return (
      <InputNumber
        {...linked}
        className="cfop-resource-number"
        value={typeof value === 'number' ? value : null}
        onChange={onChange}
        precision={field.type === 'integer' ? 0 : undefined}
        suffix={field.widget === 'percent' ? '%' : undefined}
      />
    );
  }
  const text = typeof value === 'string' ? value : '';
  const onText = (event: { target: { value: string } }) => onChange(event.target.value);
  if (field.widget === 'textarea') {
    return (
      <Input.TextArea
        {...linked}
        value={text}
        onChange={onText}
        autoSize={{ minRows: 3, maxRows: 8 }}
        count={field.maxLength === null ? undefined : { show: true, max: field.maxLength }}
      />
    );
  }
  if (field.widget === 'password') {
    return <Input.Password {...linked} value={text} onChange={onText} autoComplete="new-password" />;
  }
  return (
    <Input
      {...linked}
      value={text}
      onChange={onText}
      placeholder={field.widget === 'ip' ? ipPlaceholder : undefined}
      autoComplete="off"
    />
  );
}
