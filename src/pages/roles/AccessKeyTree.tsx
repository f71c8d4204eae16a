import { Checkbox, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useLocale } from '../../i18n';
import type { FieldInputProps } from '../../resources';
import { useSession } from '../../session';
import { accessKeyTree, checkState, isGrantable, toggleKey, type AccessKeyNode } from './access-tree';
import './roles.css';

const notHeld = { zh: '你没有此权限', en: 'You do not hold this key' };

/** One key's checkbox and, indented below it, its children's branches. */
function Branch(props: {
  node: AccessKeyNode;
  held: readonly string[];
  onToggle(node: AccessKeyNode, checked: boolean): void;
}) {
  const { t } = useLocale();
  const { access } = useSession();
  const { node, held, onToggle } = props;
  const state = checkState(node, new Set(held));
  const grantable = isGrantable(node, (key) => access[key]);
  return (
    <div className="cfop-access-tree-branch">
      <Tooltip title={grantable ? undefined : t(notHeld)}>
        <Checkbox
          checked={state === 'checked'}
          indeterminate={state === 'half'}
          disabled={!grantable}
          onChange={(event) => onToggle(node, event.target.checked)}
        >
          {t(node.label)}
        </Checkbox>
      </Tooltip>
      {node.children.length > 0 && (
        <div className="cfop-access-tree-children">
          {node.children.map((child) => (
            <Branch key={child.key} node={child} held={held} onToggle={onToggle} />
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * The role form's access keys as a tree from the manifest: checking a parent checks every key
 * below it, a parent with some keys below it checked shows half-checked (and is held, so its
 * menu group shows). Keys the signed-in user does not hold are shown but cannot be (un)checked.
 */
export default function AccessKeyTree(props: FieldInputProps) {
  const { value, onChange } = props;
  const { t } = useLocale();
  const tree = useMemo(() => accessKeyTree(), []);
  const held = Array.isArray(value) ? (value as string[]) : [];
  const onToggle = (node: AccessKeyNode, checked: boolean) =>
    onChange?.(toggleKey(tree, held, node, checked));
  return (
    <div
      id={props.id}
      role="group"
      aria-label={t(props.field.label)}
      aria-describedby={props['aria-describedby']}
      aria-invalid={props['aria-invalid']}
      className="cfop-access-tree"
    >
      {tree.map((node) => (
        <Branch key={node.key} node={node} held={held} onToggle={onToggle} />
      ))}
    </div>
  );
}
