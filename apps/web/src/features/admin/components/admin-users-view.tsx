import { KeyRound, Search, ShieldOff, ShieldCheck } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { toast } from 'react-toastify';
import {
  ADMIN_ACCOUNTS_PAGE,
  type AdminAccount,
  type ResetLinkReply,
} from '@beerscale/contract/account';
import { QueryState } from '../../../components/query-state';
import { formatDate, formatDateTime } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-context';
import { useAccountSwitch, useAdminAccounts, useResetLink } from '../api/admin-accounts';

/** The /admin/users page: search, pages, and per account a reset link and disable/enable. */
export function AdminUsersView() {
  const { t } = useT();
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const query = useDeferredValue(search.trim());
  const accounts = useAdminAccounts(query, offset);
  if (accounts.error instanceof ApiError && accounts.error.status === 403) {
    return (
      <p role="alert" className="banner-error">
        {t('admin.only')}
      </p>
    );
  }
  return (
    <section className="space-y-4">
      <div className="card">
        <label htmlFor="account-search" className="field-label">
          {t('admin.usersSearch')}
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-foam-400"
            aria-hidden
          />
          <input
            id="account-search"
            type="search"
            className="field-input pl-9"
            placeholder={t('admin.searchPlaceholder')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setOffset(0);
            }}
          />
        </div>
      </div>
      <QueryState query={accounts} errorText={t('admin.usersFailed')}>
        {(page) =>
          page.users.length === 0 ? (
            <p className="card text-foam-400">{t('admin.usersNone')}</p>
          ) : (
            <div className="space-y-3">
              <ul className="space-y-2">
                {page.users.map((account) => (
                  <AccountRow key={account.id} account={account} />
                ))}
              </ul>
              <UsersPager
                offset={page.offset}
                shown={page.users.length}
                total={page.total}
                busy={accounts.isFetching}
                onOffset={setOffset}
              />
            </div>
          )
        }
      </QueryState>
    </section>
  );
}

function AccountRow({ account }: { account: AdminAccount }) {
  const { t } = useT();
  const { userId } = useSession();
  const resetLink = useResetLink();
  const toggle = useAccountSwitch();
  const [link, setLink] = useState<ResetLinkReply | null>(null);
  const self = account.id === userId;
  return (
    <li className="card space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold wrap-anywhere">
            {account.playerName}{' '}
            <span className="font-normal text-foam-400">({account.username})</span>
          </p>
          <p className="text-xs text-foam-400">
            {t('admin.joined', { date: formatDate(account.createdAt) })}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5 text-xs">
          {account.isAdmin && (
            <span className="rounded bg-amber-400/20 px-1.5 py-0.5 text-amber-300">
              {t('admin.adminBadge')}
            </span>
          )}
          {account.disabled && (
            <span className="rounded bg-red-500/20 px-1.5 py-0.5 text-red-300">
              {t('admin.disabled')}
            </span>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary min-h-11 px-3 text-sm"
          disabled={resetLink.isPending}
          aria-label={t('admin.resetLinkFor', { username: account.username })}
          onClick={() =>
            resetLink.mutate(account.id, {
              onSuccess: setLink,
              onError: (err) => toast.error(errorMessage(err, t('admin.actionFailed'))),
            })
          }
        >
          <KeyRound className="size-4" aria-hidden /> {t('admin.resetLink')}
        </button>
        {!self && (
          <button
            type="button"
            className={`${account.disabled ? 'btn-secondary' : 'btn-danger'} min-h-11 px-3 text-sm`}
            disabled={toggle.isPending}
            aria-label={t(account.disabled ? 'admin.enableName' : 'admin.disableName', {
              username: account.username,
            })}
            onClick={() =>
              toggle.mutate(
                { userId: account.id, disable: !account.disabled },
                {
                  onSuccess: () =>
                    toast.success(
                      t(account.disabled ? 'admin.enabledToast' : 'admin.disabledToast', {
                        username: account.username,
                      }),
                    ),
                  onError: (err) => toast.error(errorMessage(err, t('admin.actionFailed'))),
                },
              )
            }
          >
            {account.disabled ? (
              <ShieldCheck className="size-4" aria-hidden />
            ) : (
              <ShieldOff className="size-4" aria-hidden />
            )}{' '}
            {t(account.disabled ? 'admin.enable' : 'admin.disable')}
          </button>
        )}
      </div>
      {link && <ResetLinkBox link={link} />}
    </li>
  );
}

function ResetLinkBox({ link }: { link: ResetLinkReply }) {
  const { t } = useT();
  return (
    <div className="space-y-2 rounded-xl bg-malt-800/60 p-3" role="status">
      <p className="text-sm text-foam-200">
        {t('admin.resetLinkHint', { time: formatDateTime(link.expiresAt) })}
      </p>
      <div className="flex gap-2">
        <input
          readOnly
          aria-label={t('admin.resetLink')}
          className="field-input font-mono text-xs"
          value={link.url}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button
          type="button"
          className="btn-secondary shrink-0 text-sm"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(link.url)
              .then(() => toast.success(t('admin.copied')))
              .catch(() => {})
          }
        >
          {t('admin.copy')}
        </button>
      </div>
    </div>
  );
}

function UsersPager({
  offset,
  shown,
  total,
  busy,
  onOffset,
}: {
  offset: number;
  shown: number;
  total: number;
  busy: boolean;
  onOffset: (offset: number) => void;
}) {
  const { t } = useT();
  const size = ADMIN_ACCOUNTS_PAGE.default;
  if (total <= size && offset === 0) return null;
  return (
    <nav
      aria-label={t('admin.usersPages')}
      className="flex items-center justify-between gap-2 text-sm text-foam-300"
    >
      <button
        type="button"
        className="btn-secondary min-h-11 text-sm"
        disabled={busy || offset === 0}
        onClick={() => onOffset(Math.max(0, offset - size))}
      >
        {t('admin.previous')}
      </button>
      <span aria-live="polite" className="text-center tabular-nums">
        {t('admin.usersRange', { from: offset + 1, to: offset + shown, total })}
      </span>
      <button
        type="button"
        className="btn-secondary min-h-11 text-sm"
        disabled={busy || offset + shown >= total}
        onClick={() => onOffset(offset + size)}
      >
        {t('admin.next')}
      </button>
    </nav>
  );
}
