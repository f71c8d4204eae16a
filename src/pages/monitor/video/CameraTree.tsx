import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { Badge, Empty, Input, Segmented, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import camera from '../../../generated/resources/camera';
import { useLocale } from '../../../i18n';
import { resourceOf } from '../../../resources/descriptors';
import {
  cameraGroupsOf,
  groupCameras,
  matchingCameras,
  type Grouping,
  type LiveCamera,
  type LiveCameraGroup,
} from '../../../media/camera-tree';
import { cameraDragType } from './VideoPane';
import { countsText, videoTexts as texts } from './video-texts';

/** The camera status labels of the camera screen's manifest entry, one place for both screens. */
const statusLabels = new Map(
  (resourceOf(camera).fields.find((field) => field.name === 'status')?.options ?? []).map((option) => [
    option.value,
    option.label,
  ]),
);

/** A camera's node under its group: one camera may be under several groups, and keys are unique. */
const cameraKey = (groupKey: string, id: number) => `${groupKey}/camera:${id}`;
const cameraOfKey = (key: string) => /\/camera:([0-9]+)$/.exec(key)?.[1];

/**
 * The camera tree: grouped by area, AI server or camera group (a camera under each of its groups),
 * an online / offline dot per camera, a search by name or code, and counts. Only the rows in view are in the DOM (antd's virtual tree), so a site's
 * thousands of cameras scroll and filter smoothly. A click puts the camera in the selected pane;
 * a camera can also be dragged onto a pane.
 */
export const CameraTree = memo(function CameraTree(props: {
  cameras: readonly LiveCamera[];
  /** The camera groups; none until they are read. */
  groups: readonly LiveCameraGroup[];
  onPick(cameraId: number): void;
}) {
  const { cameras, groups: cameraGroups, onPick } = props;
  const { t } = useLocale();
  const [grouping, setGrouping] = useState<Grouping>('area');
  const [search, setSearch] = useState('');
  // Typing stays responsive: the tree is filtered at a lower priority than the keystroke.
  const deferredSearch = useDeferredValue(search);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const holder = useRef<HTMLDivElement>(null);
  const height = useHeight(holder);

  const groups = useMemo(() => {
    const matching = matchingCameras(cameras, deferredSearch);
    return grouping === 'group' ? cameraGroupsOf(matching, cameraGroups) : groupCameras(matching, grouping);
  }, [cameras, cameraGroups, deferredSearch, grouping]);
  const online = useMemo(() => cameras.filter((camera) => camera.status === 'online').length, [cameras]);
  const treeData = useMemo<DataNode[]>(
    () =>
      groups.map((group) => ({
        key: group.key,
        selectable: false,
        title: (
          <span className="cfop-tree-group">
            {group.name ?? t(grouping === 'area' ? texts.noArea : texts.noServer)}
            <span className="cfop-tree-count">
              {group.online}/{group.cameras.length}
            </span>
          </span>
        ),
        children: group.cameras.map((camera) => ({
          key: cameraKey(group.key, camera.id),
          isLeaf: true,
          title: (
            <span
              className="cfop-tree-camera"
              draggable
              onDragStart={(event) => {
                event.dataTransfer.setData(cameraDragType, String(camera.id));
                event.dataTransfer.effectAllowed = 'copy';
              }}
              title={`${camera.name} · ${camera.code}`}
            >
              <Badge
                status={camera.status === 'online' ? 'success' : 'default'}
                aria-label={t(statusLabels.get(camera.status) ?? { zh: camera.status, en: camera.status })}
              />
              <span className="cfop-tree-camera-name">{camera.name}</span>
            </span>
          ),
        })),
      })),
    [groups, grouping, t],
  );
  const searching = deferredSearch.trim() !== '';
  // While searching every group with a match is open; otherwise the operator's folding holds.
  const expandedKeys = groups.filter((g) => searching || !collapsed.has(g.key)).map((g) => g.key);

  return (
    <div className="cfop-camera-tree">
      <div className="cfop-camera-tree-head">
        <Typography.Text strong>{t(texts.cameras)}</Typography.Text>
        <Typography.Text type="secondary" className="cfop-camera-counts">
          {t(countsText(cameras.length, online))}
        </Typography.Text>
      </div>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t(texts.search)}
        aria-label={t(texts.search)}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <Segmented<Grouping>
        block
        size="small"
        value={grouping}
        onChange={setGrouping}
        options={[
          { value: 'area', label: t(texts.byArea) },
          { value: 'server', label: t(texts.byServer) },
          { value: 'group', label: t(texts.byGroup) },
        ]}
      />
      <div ref={holder} className="cfop-camera-tree-body">
        {groups.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(texts.noMatch)} />
        ) : (
          <Tree
            virtual
            height={height}
            blockNode
            treeData={treeData}
            expandedKeys={expandedKeys}
            selectedKeys={[]}
            onExpand={(_keys, { node, expanded }) =>
              setCollapsed((before) => {
                const after = new Set(before);
                if (expanded) after.delete(String(node.key));
                else after.add(String(node.key));
                return after;
              })
            }
            onSelect={(_keys, { node }) => {
              const id = cameraOfKey(String(node.key));
              if (id !== undefined) onPick(Number(id));
            }}
          />
        )}
      </div>
    </div>
  );
});

/** The element's height in pixels, followed as the window resizes (the virtual tree needs a number). */
function useHeight(ref: React.RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(400);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(Math.max(120, Math.floor(element.clientHeight))));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return height;
}
