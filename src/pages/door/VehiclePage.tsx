import vehicle from '../../generated/resources/vehicle';
import { resourceOf } from '../../resources/descriptors';
import { PassageResourcePage } from './passage-pages';

const descriptor = resourceOf(vehicle);

/** The generic vehicle screen; a vehicle's detail lists their latest passages through the gates. */
export default function VehiclePage() {
  return <PassageResourcePage descriptor={descriptor} kind="vehicle" />;
}
