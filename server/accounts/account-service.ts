import type { components } from '../../src/generated/openapi';
import type { Contract } from '../contract/load-contract';
import type { Item } from '../resources/resource-definition';
import { bindToContract } from '../resources/resource-handlers';
import type { BoundResource } from '../resources/bound-resource';
import { createItem, type Store } from '../resources/resource-service';
import { roleOperationIds, roleResource } from './role-resource';
import { userOperationIds, userResource } from './user-resource';

// Roles and users are created here by everything that is not an HTTP call (the operator CLI, the
// first start, tests): the same definitions, so the same rules, as the role and user operations.

export interface AccountStore extends Store {
  readonly contract: Contract;
}

type RoleInput = components['schemas']['RoleInput'];
type UserCreateInput = components['schemas']['UserCreateInput'];

const bound = new WeakMap<Contract, { roles: BoundResource; users: BoundResource }>();

function resourcesOf(contract: Contract) {
  let found = bound.get(contract);
  if (!found) {
    found = {
      roles: bindToContract(contract, roleResource, roleOperationIds),
      users: bindToContract(contract, userResource, userOperationIds),
    };
    bound.set(contract, found);
  }
  return found;
}

export async function createRole(store: AccountStore, input: RoleInput): Promise<Item> {
  const { item } = await createItem(store, resourcesOf(store.contract).roles, { ...input });
  return item;
}

export async function createUser(store: AccountStore, input: UserCreateInput): Promise<Item> {
  const { item } = await createItem(store, resourcesOf(store.contract).users, { ...input });
  return item;
}
