import { Download } from 'lucide-react';
import { toast } from 'react-toastify';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api-client';
import { useDownloadMyData } from '../api/account';

/** "Download my data": everything stored about the account, as a JSON file. */
export function MyData() {
  const { t } = useT();
  const download = useDownloadMyData();
  return (
    <section className="card space-y-3" aria-labelledby="data-title">
      <h2 id="data-title" className="text-lg font-bold">
        {t('account.dataTitle')}
      </h2>
      <p className="text-foam-200">{t('account.dataText')}</p>
      <button
        type="button"
        className="btn-secondary w-full sm:w-auto"
        disabled={download.isPending}
        onClick={() =>
          download.mutate(undefined, {
            onError: (err) => toast.error(errorMessage(err, t('account.downloadFailed'))),
          })
        }
      >
        <Download className="size-4" aria-hidden /> {t('account.download')}
      </button>
    </section>
  );
}
