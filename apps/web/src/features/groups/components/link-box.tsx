import { Check, Copy } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';

/** A link to pass on: the address to copy and its QR code, large enough to scan at the table. */
export function LinkBox({
  url,
  qrTitle,
  testId,
}: {
  url: string;
  qrTitle: string;
  testId: string;
}) {
  const { t } = useT();
  const [copied, setCopied] = useState(false);
  const href = new URL(url, window.location.origin).href;
  const copy = () => {
    void navigator.clipboard
      ?.writeText(href)
      .then(() => setCopied(true))
      .catch(() => {});
  };
  return (
    <div className="mt-3 space-y-3" data-testid={testId}>
      <div className="mx-auto w-fit rounded-xl bg-white p-3">
        <QRCodeSVG value={href} size={192} level="M" title={qrTitle} />
      </div>
      <div className="flex items-center gap-2">
        <input
          readOnly
          value={href}
          aria-label={qrTitle}
          className="field-input min-w-0 flex-1 text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="btn-secondary shrink-0 px-3" onClick={copy}>
          {copied ? (
            <Check className="size-5" aria-hidden />
          ) : (
            <Copy className="size-5" aria-hidden />
          )}
          <span className="sr-only sm:not-sr-only">
            {copied ? t('groups.copied') : t('groups.copy')}
          </span>
        </button>
      </div>
    </div>
  );
}
