/**
 * The operation a maintainer adds when a new screen needs an action (reopen a parking lot; not the close the walkthrough adds, which would meet it in the same copy), with
 * `declaration` saying who may call it: the codegen and contract suites both add it to a copy of
 * openapi.yaml to show that an operation declaring no access, or two, is refused by name.
 */
export const parkingLotReopenPath = '/parking-lots/{id}/reopen';

export function reopenParkingLot(declaration: Record<string, unknown>) {
  return {
    post: {
      operationId: 'reopenParkingLot',
      summary: '重新开放停车场 / Reopen a parking lot',
      parameters: [{ $ref: '#/components/parameters/Id' }],
      responses: { '200': { description: 'Reopened.' } },
      ...declaration,
    },
  };
}
