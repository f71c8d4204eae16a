import staff from '../../generated/resources/staff';
import { resourceOf } from '../../resources/descriptors';
import { PassageResourcePage } from './passage-pages';

const descriptor = resourceOf(staff);

/** The generic staff screen; a staff's detail lists their latest passages through the gates. */
export default function StaffPage() {
  return <PassageResourcePage descriptor={descriptor} kind="staff" />;
}
