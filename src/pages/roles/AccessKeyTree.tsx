import { Checkbox } from 'antd';
import { useMemo } from 'react';
import { useLocale } from '../../i18n';
import { accessKeyTree, checkState, toggleKey, type AccessKeyNode } from './access-tree';
import './roles.css';

interface AccessKeyTreeProps {
  readonly id?: string;
  readonly 'aria-describedby'?: string;
  readonly 'aria-invalid'?: boolean | 'true' | 'false';
  readonly value?: unknown;
  readonly onChange?: (value: unknown) => void;
}

/** One key's checkbox and, indented below it, its children's branches. */
function Branch(props: {
  node: AccessKeyNode;
  held: readonly string[];
  onToggle(node: AccessKeyNode, checked: boolean): void;
}) {
  const { t } = useLocale();
  const { node, held, onToggle } = props;
  const state = checkState(node, new Set(held));
  return (
    <div className="cfop-access-tree-branch">
      <Checkbox
        checked={state === 'checked'}
        indeterminate={state === 'half'}
        onChange={(event) => onToggle(node, event.target.checked)}
      >
        {t(node.label)}
      </Checkbox>
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
 * menu group shows).
 */
export default function AccessKeyTree({ value, onChange, id, ...aria }: AccessKeyTreeProps) {
  const tree = useMemo(() => accessKeyTree(), []);
  const held = Array.isArray(value) ? (value as string[]) : [];
  const onToggle = (node: AccessKeyNode, checked: boolean) =>
    onChange?.(toggleKey(tree, held, node, checked));
  return (
    <div id={id} role="group" className="cfop-access-tree" {...aria}>
      {tree.map((node) => (
        <Branch key={node.key} node={node} held={held} onToggle={onToggle} />
      ))}
    </div>
  );
}
