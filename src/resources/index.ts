// What pages wrapping a resource screen use: the screen, the current route's descriptor, and the
// shape of a custom form input.
export { ResourcePage, type ResourcePageProps } from './ResourcePage';
export { useRouteResource } from './ResourceScreen';
export type { FieldInputProps, FieldInputs } from './FieldInput';
export type { Entity } from './form-values';
