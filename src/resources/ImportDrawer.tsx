import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { Alert, Button, Space, Table, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { getFieldErrors, toast } from '../api';
import type { ResourceDescriptor } from './descriptors';
import { useLocale } from '../i18n';
import {
  checkSummary,
  importedText,
  mayImport,
  problemRows,
  type ImportCheck,
  type ProblemRow,
} from './import-check';
import { resourceApi } from './resource-api';
import { ScreenDrawer } from './screen-overlays';
import { importTitle, texts } from './texts';

const drawerWidth = 640;

/**
 * Importing a resource's items from CSV: download the template, choose a file, read the server's
 * dry run of it (a table of line, column and message per refused cell), then import, which is
 * offered only when no row is refused. The file is sent again to import: the server checks it anew.
 */
export function ImportDrawer(props: {
  descriptor: ResourceDescriptor;
  open: boolean;
  onClose(): void;
  /** After rows were written: the list reads its rows again. */
  onImported(): void;
}) {
  const { t } = useLocale();
  const { descriptor } = props;
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<ImportCheck | null>(null);
  const [busy, setBusy] = useState<'checking' | 'importing' | null>(null);

  async function send(chosen: File, dryRun: boolean): Promise<void> {
    setBusy(dryRun ? 'checking' : 'importing');
    try {
      const report = await resourceApi.importCsv(descriptor, chosen, dryRun);
      if (!dryRun && report.imported > 0) {
        toast('success', t(importedText(report.imported)));
        props.onImported();
        return;
      }
      // Refused on import too: another import took some of its rows since the check.
      setCheck({ fileName: chosen.name, report, fileError: null });
    } catch (error) {
      const fileError = getFieldErrors(error).file;
      if (fileError === undefined) throw error;
      setCheck({ fileName: chosen.name, report: null, fileError });
    } finally {
      setBusy(null);
    }
  }

  function choose(chosen: File): false {
    setFile(chosen);
    setCheck(null);
    quietly(send(chosen, true));
    // The file goes through the dry run above, not antd's own upload.
    return false;
  }

  const columns: TableColumnsType<ProblemRow> = [
    { title: t(texts.importLine), dataIndex: 'line', width: 80 },
    { title: t(texts.importColumn), dataIndex: 'column', width: 160 },
    { title: t(texts.importProblem), dataIndex: 'message' },
  ];
  const { report } = check ?? {};
  return (
    <ScreenDrawer
      open={props.open}
      title={t(importTitle(descriptor.title))}
      size={drawerWidth}
      onClose={props.onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={props.onClose}>{t(texts.cancel)}</Button>
          <Button
            type="primary"
            disabled={!mayImport(check) || busy !== null}
            loading={busy === 'importing'}
            onClick={() => file && quietly(send(file, false))}
          >
            {t(texts.importConfirm)}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" size="middle" className="cfop-import">
        <Typography.Paragraph type="secondary">{t(texts.importHint)}</Typography.Paragraph>
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => quietly(resourceApi.importTemplate(descriptor))}>
            {t(texts.importTemplate)}
          </Button>
          <Upload accept=".csv,text/csv" showUploadList={false} beforeUpload={choose}>
            <Button icon={<UploadOutlined />} loading={busy === 'checking'}>
              {t(texts.importChoose)}
            </Button>
          </Upload>
          {file && <Typography.Text>{file.name}</Typography.Text>}
        </Space>
        {check?.fileError != null && <Alert type="error" showIcon message={check.fileError} />}
        {report && (
          <Alert
            type={report.problems.length > 0 ? 'error' : 'success'}
            showIcon
            message={t(checkSummary(report))}
          />
        )}
        {report && report.problems.length > 0 && (
          <Table<ProblemRow>
            size="small"
            rowKey="key"
            columns={columns}
            dataSource={problemRows(report)}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
          />
        )}
      </Space>
    </ScreenDrawer>
  );
}

const quietly = (pending: Promise<unknown>) => void pending.catch(() => undefined);
