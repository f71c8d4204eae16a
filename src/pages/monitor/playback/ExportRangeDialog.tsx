import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { Alert, Button, Space, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { apiPath, fetchFile } from '../../../api';
import { saveBlob } from '../../../api/download';
import { useLocale } from '../../../i18n';
import { cameraFileName } from '../../../media/snapshot';
import { playbackTexts } from './playback-texts';
import { exportTexts as texts } from './export-texts';
import { exportQuery, exportRangeProblem, firstExportRange, type ExportRange } from './export-range';

/**
 * 导出片段's panel under the player: a range of the shown day's recording, a minute from the
 * picture's time at first, saved as an MP4; the SHA-256 the server answers with it (and keeps in the
 * operation log) is shown, so the operator can note it with the file they hand on. A panel, not a
 * modal: the player stays in view, and no modal code joins the screens' shared chunks.
 */
export default function ExportRangeDialog(props: {
  cameraId: number;
  cameraName: string;
  day: ExportRange;
  /** Where the range starts at first: the picture's time. */
  at: number;
  onClose: () => void;
}) {
  const { t } = useLocale();
  const [range, setRange] = useState<ExportRange>(() => firstExportRange(props.at, props.day));
  const [busy, setBusy] = useState(false);
  const [digest, setDigest] = useState<string | null>(null);
  const problem = exportRangeProblem(range, props.day);

  // The pickers give times of day: they are the shown day's.
  const onDay = (time: Dayjs) =>
    dayjs(props.day.from).hour(time.hour()).minute(time.minute()).second(time.second()).valueOf();
  const pick = (picked: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = picked ?? [null, null];
    if (!from || !to) return;
    setRange({ from: onDay(from), to: onDay(to) });
    setDigest(null);
  };
  const download = async () => {
    if (problem) return;
    setBusy(true);
    try {
      const path = `${apiPath('/recordings/cameras/{id}/export.mp4', { id: props.cameraId })}?${exportQuery(range)}`;
      const file = await fetchFile(path);
      saveBlob(file.blob, cameraFileName(props.cameraName, new Date(range.from), 'mp4'));
      setDigest(file.headers.get('X-Content-SHA256'));
    } catch {
      // The failure was shown as every call's is (a toast saying why).
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="cfop-playback-export" aria-label={t(playbackTexts.exportRange)}>
      <Space wrap>
        <strong>{t(playbackTexts.exportRange)}</strong>
        <TimePicker.RangePicker
          aria-label={t(texts.exportPeriod)}
          placeholder={[t(texts.exportStart), t(texts.exportEnd)]}
          format="HH:mm:ss"
          allowClear={false}
          order={false}
          value={[dayjs(range.from), dayjs(range.to)]}
          onChange={pick}
        />
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          loading={busy}
          disabled={problem !== null}
          onClick={() => void download()}
        >
          {t(texts.exportDownload)}
        </Button>
        <Button onClick={props.onClose}>{t(texts.exportClose)}</Button>
      </Space>
      {problem && <Alert type="warning" showIcon title={t(problem)} />}
      <Typography.Text type="secondary">{t(texts.exportHint)}</Typography.Text>
      {digest && (
        <div>
          <span>{t(texts.exportDigest)}</span>{' '}
          <Typography.Text code copyable data-testid="export-sha256">
            {digest}
          </Typography.Text>
        </div>
      )}
    </section>
  );
}
