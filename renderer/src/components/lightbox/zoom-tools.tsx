/** The zoom buttons of a picture (− level + Fit), shared by the lightbox and the Gallery's item dialog. */
import { useTranslation } from 'react-i18next';
import { lightbox as english } from '../../i18n/en/lightbox.js';
import { addEnglish } from '../../i18n/index.js';
import { useFormats } from '../../i18n/format.js';
import type { useZoomStage } from './use-zoom-stage.js';

addEnglish('lightbox', english);

/** The zoom-out button's sign: a symbol, not a word (its name is translated). */
const MINUS = '\u2212';

export function ZoomTools({ zoom }: { zoom: ReturnType<typeof useZoomStage>['zoom'] }) {
  const { t } = useTranslation('lightbox');
  const f = useFormats();
  const percent = f.percent(Math.round(zoom.zoom.scale * 100) / 100);
  return (
    <>
      <button type="button" className="button" aria-label={t('zoomOut')} onClick={zoom.zoomOut}>
        <span aria-hidden="true">{MINUS}</span>
      </button>
      <output className="lightbox-zoom" aria-label={t('zoomLevel', { percent })}>
        {percent}
      </output>
      <button type="button" className="button" aria-label={t('zoomIn')} onClick={zoom.zoomIn}>
        <span aria-hidden="true">+</span>
      </button>
      <button type="button" className="button" onClick={zoom.reset}>
        {t('reset')}
      </button>
    </>
  );
}
