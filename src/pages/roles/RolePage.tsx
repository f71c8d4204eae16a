import role from '../../generated/resources/role';
import { ResourcePage, resourceOf, type FieldInputs } from '../../resources';
import AccessKeyTree from './AccessKeyTree';

// Built on antd's Checkbox, which the table's row selection already loads: no library of its own.
const inputs: FieldInputs = { accessKeys: AccessKeyTree };
const descriptor = resourceOf(role);

/** Roles: the generic resource screen, with the access keys edited as a tree of the manifest's keys. */
export default function RolePage() {
  return <ResourcePage descriptor={descriptor} inputs={inputs} />;
}
