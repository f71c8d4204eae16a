import type { FieldProblem } from '../kernel/api-error';
import type { ResourceDefinition } from '../resources/resource-definition';
import { utcIso } from '../resources/resource-service';
import { counted, countReferencing, refuseProblems, stillReferenced } from './entry-rules';
import { hasValidCheckCharacter, maskIdNumber } from './id-number';
import { passedToday } from './passages';

const upperCase = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);

/**
 * Visitors: table visitors, item schema Visitor. Created pending; approval, arrival and departure
 * are their own operations (visitor-transitions.ts), so status and what they record are not input.
 */
export const visitorResource: ResourceDefinition = {
  schema: 'Visitor',
  fields: {
    // A lower-case x is the same check character; stored upper-case so equals filters find it.
    idNumber: { toRow: upperCase, listed: maskIdNumber },
    company: { whenAbsent: '' },
    purpose: { whenAbsent: '' },
    visitFrom: { toRow: utcIso },
    visitTo: { toRow: utcIso },
    companions: { whenAbsent: 0 },
  },
  queryFilters: { passedToday: passedToday('visitor') },
  references: {
    hostStaffId: {
      table: 'staff',
      what: { zh: '员工', en: 'staff member' },
      labelColumn: 'name',
      label: 'hostStaffName',
    },
  },
  async checkWrite(_scope, { input }) {
    const problems: FieldProblem[] = [];
    if (typeof input.idNumber === 'string' && !hasValidCheckCharacter(input.idNumber)) {
      problems.push({
        field: 'idNumber',
        message: { zh: '校验位不正确，请核对证件号码', en: 'has a wrong check digit; check the number' },
      });
    }
    if (Date.parse(String(input.visitTo)) <= Date.parse(String(input.visitFrom))) {
      problems.push({
        field: 'visitTo',
        message: { zh: '须晚于来访开始时间', en: 'must be after the start of the visit' },
      });
    }
    return problems;
  },
  async beforeDelete(db, ids) {
    const owning = await countReferencing(db, 'vehicles', 'visitor_id', ids);
    refuseProblems(
      stillReferenced([
        {
          count: owning,
          zh: `名下仍有 ${owning} 辆车`,
          en: `owns ${counted(owning, 'vehicle', 'vehicles')}`,
        },
      ]),
    );
  },
};
