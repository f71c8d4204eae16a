import { Button } from 'antd';
import { toast } from '../../api';
import { useLocale } from '../../i18n';

const keepText = {
  zh: '请保存以下恢复码：每个可代替验证码登录一次，只显示这一次。',
  en: 'Keep these recovery codes: each signs in once in place of a code. They are shown only this once.',
};
const listLabel = { zh: '恢复码', en: 'Recovery codes' };
const copyText = { zh: '复制', en: 'Copy' };
const copiedText = { zh: '已复制恢复码', en: 'Recovery codes copied' };
const downloadText = { zh: '下载', en: 'Download' };

/** Recovery codes shown once, with copy and download (a text file); plain markup, for the sign-in page too. */
export function RecoveryCodeList({ codes }: { readonly codes: readonly string[] }) {
  const { t } = useLocale();
  const text = `${codes.join('\n')}\n`;
  return (
    <div className="cfop-recovery-codes">
      <p>{t(keepText)}</p>
      <ol aria-label={t(listLabel)}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="cfop-recovery-actions">
        <Button
          onClick={() => {
            void navigator.clipboard.writeText(text).then(() => toast('success', t(copiedText)));
          }}
        >
          {t(copyText)}
        </Button>
        <Button
          onClick={() => {
            const link = document.createElement('a');
            link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
            link.download = 'cfop-recovery-codes.txt';
            link.click();
            URL.revokeObjectURL(link.href);
          }}
        >
          {t(downloadText)}
        </Button>
      </div>
    </div>
  );
}

/** The QR code the server drew (SVG) and the secret for typing by hand, for an authenticator app. */
export function AuthenticatorSetup({ qrSvg, secret }: { readonly qrSvg: string; readonly secret: string }) {
  const { t } = useLocale();
  return (
    <div className="cfop-authenticator-setup">
      <p>
        {t({
          zh: '用验证器应用（如 Google Authenticator、Microsoft Authenticator）扫描二维码，或手动输入密钥：',
          en: 'Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator…), or type the key in by hand:',
        })}
      </p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
        alt={t({ zh: '两步验证二维码', en: 'Authenticator QR code' })}
        width={180}
        height={180}
      />
      <code className="cfop-totp-secret" data-testid="totp-secret">
        {secret}
      </code>
    </div>
  );
}
