import { Filter } from 'ldapts';

// What a user types is put into a DN or a search filter only escaped, so `*)(uid=*` or
// `x,ou=admins` is a name that matches no one rather than a filter or a DN of its own.

/** A DN attribute value with RFC 4514's special characters escaped. */
export function escapeDnValue(value: string): string {
  return value
    .replace(/[\\,+"<>;=]/g, (c) => `\\${c}`)
    .replace(/\0/g, '\\00')
    .replace(/^([ #])/, '\\$1')
    .replace(/ $/, '\\ ');
}

/** A filter assertion value with RFC 4515's special characters escaped. */
export function escapeFilterValue(value: string): string {
  return Filter.escape(value);
}

/** `template` with each `placeholder` replaced by `value` (already escaped for where it goes). */
export function fillIn(template: string, placeholder: string, value: string): string {
  return template.split(placeholder).join(value);
}

/**
 * A DN as compared: `CN=Ops, OU=Groups,dc=example,dc=com` and `cn=ops,ou=groups,dc=example,dc=com`
 * name one entry (attribute types and, in the directories met, group names ignore case).
 */
export function dnKey(dn: string): string {
  return dn
    .split(/(?<!\\),/)
    .map((rdn) =>
      rdn
        .split(/(?<!\\)=/)
        .map((part) => part.trim())
        .join('='),
    )
    .join(',')
    .toLowerCase();
}
