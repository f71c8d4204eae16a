import { accessKeyInfos, accessKeys, type AccessKey, type AccessKeyInfo } from '../../generated/access';
import type { LocalText } from '../../generated/settings';

// The role editor's tree of access keys, from the manifest's accessKeys (each with its parent).
// A role holds a parent key whenever it holds any key below it: the menu shows a group only when
// its own key is held as well as one of its screens'.

export interface AccessKeyNode {
  readonly key: AccessKey;
  readonly label: LocalText;
  readonly children: readonly AccessKeyNode[];
}

export type CheckState = 'checked' | 'half' | 'unchecked';

/** The keys as a tree in manifest order. */
export function accessKeyTree(infos: readonly AccessKeyInfo[] = accessKeyInfos): AccessKeyNode[] {
  const below = (parent: AccessKey | null): AccessKeyNode[] =>
    infos
      .filter((info) => info.parent === parent)
      .map((info) => ({ key: info.key, label: info.label, children: below(info.key) }));
  return below(null);
}

function leavesOf(node: AccessKeyNode): AccessKey[] {
  return node.children.length === 0 ? [node.key] : node.children.flatMap(leavesOf);
}

/** A leaf is checked when held; a parent by its leaves: all, some (half-checked) or none. */
export function checkState(node: AccessKeyNode, held: ReadonlySet<string>): CheckState {
  const leaves = leavesOf(node);
  const count = leaves.filter((key) => held.has(key)).length;
  if (count === 0) return 'unchecked';
  return count === leaves.length ? 'checked' : 'half';
}

/**
 * The keys held after (un)checking `node`: its leaves follow it, and every parent is held while
 * any leaf below it is. Answered in the contract's key order.
 */
export function toggleKey(
  tree: readonly AccessKeyNode[],
  held: readonly string[],
  node: AccessKeyNode,
  checked: boolean,
): AccessKey[] {
  const changed = new Set(leavesOf(node));
  const leaves = new Set(
    tree.flatMap(leavesOf).filter((key) => (changed.has(key) ? checked : held.includes(key))),
  );
  const keep = new Set<AccessKey>();
  const visit = (one: AccessKeyNode): boolean => {
    const holds = one.children.length === 0 ? leaves.has(one.key) : one.children.map(visit).some(Boolean);
    if (holds) keep.add(one.key);
    return holds;
  };
  tree.forEach(visit);
  return accessKeys.filter((key) => keep.has(key));
}

/**
 * Whether a user holding `held` may (un)check the node: they hold its key and every key below it,
 * since (un)checking it moves them all and the server refuses granting a key one does not hold.
 */
export function isGrantable(node: AccessKeyNode, held: (key: AccessKey) => boolean): boolean {
  return held(node.key) && node.children.every((child) => isGrantable(child, held));
}
