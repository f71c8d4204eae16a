import { defineResource } from '../resources/declared-handlers';
import { passedToday } from './passages';
import { counted, countReferencing, refuseProblems, stillReferenced, validityProblems } from './entry-rules';

/** Staff members: table staff, item schema Staff. Visitors (as host) and vehicles (as owner) refer to them. */
export const staffResource = defineResource({
  // `staff` is its own plural; the convention would say `staffs`.
  table: 'staff',
  schema: 'Staff',
  fields: {
    department: { whenAbsent: '' },
    position: { whenAbsent: '' },
    status: { whenAbsent: 'active' },
  },
  queryFilters: { passedToday: passedToday('staff') },
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
});
