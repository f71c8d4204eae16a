import type { FieldProblem } from '../kernel/api-error';
import { defineResource } from '../resources/declared-handlers';
import { validityProblems } from './entry-rules';
import { passedToday } from './passages';

const ownerTypeNames = {
  staff: { zh: '员工', en: 'staff' },
  visitor: { zh: '访客', en: 'visitor' },
  none: { zh: '无', en: 'none' },
} as const;
type OwnerType = keyof typeof ownerTypeNames;

/** The owner field each owner type needs; the other owner field must then be empty. */
const ownerFieldOf: Record<OwnerType, 'staffId' | 'visitorId' | null> = {
  staff: 'staffId',
  visitor: 'visitorId',
  none: null,
};

function ownerProblems(input: Readonly<Record<string, unknown>>): FieldProblem[] {
  const ownerType = input.ownerType as OwnerType;
  const wanted = ownerFieldOf[ownerType];
  const type = ownerTypeNames[ownerType];
  return (['staffId', 'visitorId'] as const).flatMap((field): FieldProblem[] => {
    const set = input[field] !== undefined && input[field] !== null;
    if (field === wanted && !set) {
      return [
        {
          field,
          message: {
            zh: `在车主类型为${type.zh}时必填`,
            en: `is required when the owner type is ${type.en}`,
          },
        },
      ];
    }
    if (field !== wanted && set) {
      return [
        {
          field,
          message: {
            zh: `在车主类型为${type.zh}时须为空`,
            en: `must be empty when the owner type is ${type.en}`,
          },
        },
      ];
    }
    return [];
  });
}

function temporaryProblems(input: Readonly<Record<string, unknown>>): FieldProblem[] {
  if (input.listType !== 'temporary' || (typeof input.validTo === 'string' && input.validTo !== ''))
    return [];
  return [
    {
      field: 'validTo',
      message: { zh: '对临时车辆必填', en: 'is required for a temporary vehicle' },
    },
  ];
}

/** Vehicles: table vehicles, item schema Vehicle; owned by a staff member, a visitor or nobody. */
export const vehicleResource = defineResource({
  schema: 'Vehicle',
  fields: { remark: { whenAbsent: '' } },
  labelField: 'plate',
  queryFilters: { passedToday: passedToday('vehicle') },
  references: {
    staffId: {
      table: 'staff',
      what: { zh: '员工', en: 'staff member' },
      labelColumn: 'name',
      label: 'staffName',
    },
    visitorId: {
      table: 'visitors',
      what: { zh: '访客', en: 'visitor' },
      labelColumn: 'name',
      label: 'visitorName',
    },
  },
  checkWrite: async (_scope, { input }) => [
    ...ownerProblems(input),
    ...validityProblems(input),
    ...temporaryProblems(input),
  ],
});
