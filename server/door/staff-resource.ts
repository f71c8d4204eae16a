import type { ResourceDefinition } from '../resources/resource-definition';
import { counted, countReferencing, refuseProblems, stillReferenced, validityProblems } from './entry-rules';

/** Staff members: table staff, item schema Staff. Visitors (as host) and vehicles (as owner) refer to them. */
export const staffResource: ResourceDefinition = {
  plural: 'staff',
  table: 'staff',
  schema: 'Staff',
  fields: {
    id: { column: 'id' },
    employeeNo: { column: 'employee_no' },
    name: { column: 'name' },
    gender: { column: 'gender' },
    department: { column: 'department', whenAbsent: '' },
    position: { column: 'position', whenAbsent: '' },
    phone: { column: 'phone' },
    cardNo: { column: 'card_no' },
    validFrom: { column: 'valid_from' },
    validTo: { column: 'valid_to' },
    status: { column: 'status', whenAbsent: 'active' },
    facePhotoId: { column: 'face_photo_id' },
    createdAt: { column: 'created_at' },
    updatedAt: { column: 'updated_at' },
  },
  // A null card number clashes with nothing (the comparison with null is never true).
  unique: [['employeeNo'], ['cardNo']],
  labelField: 'name',
  checkWrite: async (_scope, { input }) => validityProblems(input),
  async beforeDelete(db, ids) {
    const hosting = await countReferencing(db, 'visitors', 'host_staff_id', ids);
    const owning = await countReferencing(db, 'vehicles', 'staff_id', ids);
    refuseProblems(
      stillReferenced([
        {
          count: hosting,
          zh: `仍是 ${hosting} 位访客的被访人`,
          en: `hosts ${counted(hosting, 'visitor', 'visitors')}`,
        },
        {
          count: owning,
          zh: `名下仍有 ${owning} 辆车`,
          en: `owns ${counted(owning, 'vehicle', 'vehicles')}`,
        },
      ]),
    );
  },
};
