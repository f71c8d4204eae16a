import type { LocalText } from '../../generated/settings';

export const weekdays: readonly LocalText[] = [
  { zh: '周一', en: 'Mon' },
  { zh: '周二', en: 'Tue' },
  { zh: '周三', en: 'Wed' },
  { zh: '周四', en: 'Thu' },
  { zh: '周五', en: 'Fri' },
  { zh: '周六', en: 'Sat' },
  { zh: '周日', en: 'Sun' },
];

export const taskTexts = {
  tasks: { zh: '分析任务', en: 'Analysis tasks' },
  newTask: { zh: '新增任务', en: 'New task' },
  editTask: { zh: '编辑任务', en: 'Edit task' },
  noTasks: { zh: '该摄像头还没有分析任务', en: 'This camera has no analysis tasks yet' },
  name: { zh: '任务名称', en: 'Task name' },
  model: { zh: '模型', en: 'Model' },
  modelPlaceholder: { zh: '输入名称搜索模型', en: 'Type a name to search the models' },
  modelRequired: { zh: '请选择模型', en: 'Please choose a model' },
  noModel: { zh: '未选择模型', en: 'No model chosen' },
  confidenceThreshold: { zh: '置信度阈值', en: 'Confidence threshold' },
  alertLevel: { zh: '告警级别', en: 'Alert level' },
  enabled: { zh: '启用', en: 'Enabled' },
  on: { zh: '启用', en: 'On' },
  off: { zh: '停用', en: 'Off' },
  region: { zh: '检测区域', en: 'Detection region' },
  schedule: { zh: '布防时间', en: 'Schedule' },
  deleteConfirm: { zh: '确定删除该分析任务？', en: 'Delete this analysis task?' },
  deleted: { zh: '任务已删除', en: 'Task deleted' },
  saved: { zh: '任务已保存', en: 'Task saved' },
  back: { zh: '返回任务列表', en: 'Back to the tasks' },
  loadFailed: { zh: '任务加载失败', en: 'The tasks could not be loaded' },
  regionHint: {
    zh: '点击画面依次添加顶点；拖动顶点可移动，双击或右键顶点可删除。',
    en: 'Click the frame to add corners in order; drag a corner to move it, double-click or right-click it to remove it.',
  },
  undoPoint: { zh: '撤销上一点', en: 'Undo last corner' },
  clearRegion: { zh: '清除区域', en: 'Clear region' },
  regionRequired: { zh: '请在画面上绘制检测区域', en: 'Please draw the detection region on the frame' },
  grabbing: { zh: '正在从摄像头抓取画面…', en: 'Grabbing a frame from the camera…' },
  noFrame: {
    zh: '无法获取摄像头画面，请在空白画面上绘制',
    en: 'The camera’s stream cannot be reached; draw on a blank frame',
  },
  regrab: { zh: '重新抓取', en: 'Grab again' },
  frameAlt: { zh: '摄像头画面', en: 'Camera frame' },
  presetAllWeek: { zh: '全周', en: 'All week' },
  presetWorkingHours: { zh: '工作时间', en: 'Working hours' },
  presetNone: { zh: '清空', en: 'Clear' },
  scheduleHint: {
    zh: '按住鼠标拖过格子可批量选中或取消（每格半小时）。',
    en: 'Drag across cells to paint or clear them (each cell is half an hour).',
  },
} satisfies Record<string, LocalText>;

export function hoursText(hours: number): LocalText {
  return { zh: `每周 ${hours} 小时`, en: `${hours} h a week` };
}

export function tasksTitle(cameraName: string): LocalText {
  return { zh: `分析任务 · ${cameraName}`, en: `Analysis tasks · ${cameraName}` };
}

export function pointsText(count: number): LocalText {
  return { zh: `${count} 个顶点`, en: `${count} corner${count === 1 ? '' : 's'}` };
}
