// What pages wrapping a resource screen use: the screen, the current route's descriptor, and the
// shape of a custom form input.
export { ResourcePage, type ResourcePageProps } from './ResourcePage';
export { resourceOf } from './descriptors';
export type { FieldInputs } from './FieldInput';
export type { FieldInputProps } from './field-input-props';
export type { Entity } from './form-values';
// What a screen with its own list (the alert wall) shares with the generic one: the URL's list state,
// the search form and the list / export calls.
export { SearchCard } from './SearchForm';
export { useListState } from './use-list-state';
export type { ListState } from './list-query';
export { resourceApi } from './resource-api';
export { texts as resourceTexts } from './texts';
export { DetailFields } from './DetailFields';
export { patchRows, useLiveRows } from './live-rows';
