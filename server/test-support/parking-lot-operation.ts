/**
 * The operation a maintainer adds when a new screen needs an action (close a parking lot), with
 * `declaration` saying who may call it: the codegen and contract suites both add it to a copy of
 * openapi.yaml to show that an operation declaring no access, or two, is refused by name.
 */
export const parkingLotClosePath = '/parking-lots/{id}/close';

export function closeParkingLot(declaration: Record<string, unknown>) {
  return {
    post: {
      operationId: 'closeParkingLot',
      summary: '关闭停车场 / Close a parking lot',
      parameters: [{ $ref: '#/components/parameters/Id' }],
      responses: { '200': { description: 'Closed.' } },
      ...declaration,
    },
  };
}
