/**
 * The calls behind the charts (a picked bar's, or the whole filter's), newest first, a page at a
 * time through `ledger.rows`. Each shows its usage in its own unit and its money as the ledger
 * knows it: exact, an estimate with its range, the creator's price, "Unpriced" (never 0) or
 * waiting for the balance; and opens what it made: its conversation, gallery item or task.
 */
import { useTranslation } from 'react-i18next';
import type { LedgerFilter, LedgerRowView } from '@shared/contract/ledger.js';
import { errorMessage } from '../../../api/client.js';
import { useFormats } from '../../../i18n/format.js';
import { useUiStore } from '../../../state/ui-store.js';
import { useSpendRows } from '../model/use-spend.js';

function Usage({ row }: { row: LedgerRowView }) {
  const { t } = useTranslation('spend');
  const f = useFormats();
  const u = row.units;
  if (!u) return <>—</>;
  const n = (v: number) => f.number(v);
  switch (u.kind) {
    case 'text': return <>{u.thinking ? t('rows.units.thinking', { input: n(u.input), output: n(u.output), thinking: n(u.thinking) }) : t('rows.units.text', { input: n(u.input), output: n(u.output) })}</>;
    case 'image': return <>{t('rows.units.image', { images: n(u.images), resolution: u.resolution })}</>;
    case 'native-image': return <>{t('rows.units.nativeImage', { images: n(u.images) })}</>;
    case 'video': return <>{t('rows.units.video', { seconds: n(u.seconds), size: u.size })}</>;
    case 'speech': return <>{t('rows.units.speech', { characters: n(u.characters) })}</>;
  }
}

function Cost({ row, money }: { row: LedgerRowView; money(m: number): string }) {
  const { t } = useTranslation('spend');
  let shown: string;
  if (row.basis === undefined) shown = t('rows.pending');
  else if (row.basis === 'unpriced' || row.money === undefined) shown = t('rows.unpriced');
  else if (row.basis === 'estimated' && row.range) shown = t('rows.estimated', { money: money(row.money), low: money(row.range.low), high: money(row.range.high) });
  else if (row.basis === 'user') shown = t('rows.user', { money: money(row.money) });
  else shown = money(row.money);
  const refund = row.refund?.money !== undefined ? ` · ${t('rows.refunded', { money: money(-row.refund.money) })}` : '';
  return <span className={row.basis === 'unpriced' ? 'spend-unpriced' : undefined}>{shown + refund}</span>;
}

function OpenButton({ row }: { row: LedgerRowView }) {
  const { t } = useTranslation('spend');
  const { openInChat, openInGallery, openTab } = useUiStore.getState();
  const { conversationId, libraryIds, jobId } = row.links;
  if (conversationId) return <button type="button" className="button" onClick={() => openInChat(conversationId)}>{t('rows.openConversation')}</button>;
  if (libraryIds?.length) return <button type="button" className="button" onClick={() => openInGallery(libraryIds[0])}>{t('rows.openItem')}</button>;
  if (jobId) return <button type="button" className="button" onClick={() => openTab('tasks')}>{t('rows.openTask')}</button>;
  return null;
}

export function SpendRows({ filter, title, money, onShowAll }: { filter: LedgerFilter; title: string; money(m: number): string; onShowAll?: () => void }) {
  const { t } = useTranslation('spend');
  const f = useFormats();
  const rows = useSpendRows(filter);
  const list = rows.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <section className="spend-rows" aria-label={t('rows.label')}>
      <div className="spend-rows-head">
        <h3>{title}</h3>
        {onShowAll && <button type="button" className="button" onClick={onShowAll}>{t('rows.showAll')}</button>}
      </div>
      {rows.isError && <p className="form-error" role="alert">{errorMessage(rows.error)}</p>}
      {rows.isPending ? (
        <p className="muted">{t('rows.loading')}</p>
      ) : list.length === 0 ? (
        <p className="muted">{t('rows.empty')}</p>
      ) : (
        <div className="spend-table-wrap">
          <table className="spend-table spend-rows-table">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('rows.time')}</th>
                <th scope="col">{t('rows.model')}</th>
                <th scope="col">{t('rows.kind')}</th>
                <th scope="col">{t('rows.usage')}</th>
                <th scope="col">{t('rows.outcome')}</th>
                <th scope="col">{t('rows.money')}</th>
                <th scope="col"><span className="sr-only">{t('rows.open')}</span></th>
              </tr>
            </thead>
            <tbody>
              {list.map((r) => (
                <tr key={r.callId} data-call={r.callId}>
                  <td>{f.dateTime(r.at)}</td>
                  <td>{r.model || '—'}</td>
                  <td>{t(`modality.${r.modality}`)}</td>
                  <td><Usage row={r} /></td>
                  <td>{r.kind === 'call' ? t(`rows.outcomes.${r.outcome}`) : '—'}</td>
                  <td><Cost row={r} money={money} /></td>
                  <td><OpenButton row={r} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.hasNextPage && (
        <button type="button" className="button" disabled={rows.isFetchingNextPage} onClick={() => void rows.fetchNextPage()}>
          {t('rows.more')}
        </button>
      )}
    </section>
  );
}
