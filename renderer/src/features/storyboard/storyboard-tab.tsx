/**
 * The Storyboard tab (docs/storyboards.md): the boards, and the open one's shots — a picture, a
 * video made from it and a narration line each — which the host makes as a chain in its queue.
 * The page reaches the host only through the storyboard contract; the open board survives a tab
 * switch and a restart.
 */
import './strings/register.js';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, callKey, errorMessage, useCall, useEvent } from '../../api/client.js';
import { EmptyState } from '../../components/EmptyState.js';
import { StoryboardIcon } from '../../components/icons.js';
import { TabIntro } from '../../components/TabIntro.js';
import { useDraft } from '../../state/drafts.js';
import { BoardEditor } from './ui/board-editor.js';
import { BoardList } from './ui/board-list.js';
import '../../components/generator/generator.css';
import '../../components/generator/form-layout.css';
import './ui/storyboard.css';

export default function StoryboardTab() {
  const { t } = useTranslation('storyboard');
  const client = useQueryClient();
  const [open, setOpen] = useDraft('storyboard-open', { id: '' });
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const list = useCall('storyboard.list', {});
  const refreshList = () => void client.invalidateQueries({ queryKey: callKey('storyboard.list') });
  useEvent('storyboard.onDidRemove', ({ id }) => {
    refreshList();
    if (id === open.id) setOpen({ id: '' });
  });

  const create = () => {
    setCreating(true);
    setFailure(null);
    call('storyboard.create', { title: t('boards.newTitle'), aspectRatio: '16:9', shots: [] })
      .then((board) => {
        client.setQueryData(callKey('storyboard.get', { id: board.id }), board);
        refreshList();
        setOpen({ id: board.id });
      }, (error) => setFailure(errorMessage(error)))
      .finally(() => setCreating(false));
  };
  const remove = (id: string) => {
    call('storyboard.remove', { id }).then(() => {
      refreshList();
      setOpen({ id: '' });
    }, (error) => setFailure(errorMessage(error)));
  };

  const known = list.data?.some((b) => b.id === open.id);
  const empty = list.data?.length === 0;
  return (
    <>
      <TabIntro title={t('intro.title')}>{t('intro.text')}</TabIntro>
      {failure && <p className="field-error" role="alert">{failure}</p>}
      <div className="sb-layout">
        <BoardList openId={open.id} creating={creating} onOpen={(id) => setOpen({ id })} onCreate={create} />
        <div className="sb-main">
          {empty ? (
            <EmptyState icon={<StoryboardIcon />} title={t('boards.emptyTitle')}>{t('boards.emptyHint')}</EmptyState>
          ) : open.id && known ? (
            <BoardEditor key={open.id} id={open.id} onRemove={() => remove(open.id)} />
          ) : (
            list.data && <p className="muted">{t('board.none')}</p>
          )}
        </div>
      </div>
    </>
  );
}
