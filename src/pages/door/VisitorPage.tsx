import visitor from '../../generated/resources/visitor';
import { resourceOf } from '../../resources/descriptors';
import { PassageResourcePage } from './passage-pages';

const descriptor = resourceOf(visitor);

/** The generic visitor screen; a visitor's detail lists their latest passages through the gates. */
export default function VisitorPage() {
  return <PassageResourcePage descriptor={descriptor} kind="visitor" />;
}
