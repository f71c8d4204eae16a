/** openapi.yaml cannot serve as the contract; the message names the file and what is wrong. */
export class ContractError extends Error {
  override name = 'ContractError';
}
