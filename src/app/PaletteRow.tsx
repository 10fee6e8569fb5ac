import { useTranslation } from 'react-i18next';
import { Palette, type PaletteEventType } from './panels';
import type { Night } from './state/night';
import { useStores } from './state/stores';
import { paletteSpot } from './timeline/paletteSpot';
import type { TimelineController } from './timeline/timelineController';

interface PaletteRowProps {
  readonly night: Extract<Night, { kind: 'ok' }> | null;
  readonly head: number;
  readonly statechartReplica: string | null;
  readonly controller: TimelineController | null;
}

/**
 * The palette of events, in the chart's own section under the playback row: an event is
 * dragged from it onto a lane, so it must be on the screen with the lanes (in the panels
 * below the chart it was not, once the chart filled the window). Pressed, an item is added
 * where it acts (a pause on the holder during its lease), and the page says where.
 */
export function PaletteRow({ night: shown, head, statechartReplica, controller }: PaletteRowProps) {
  const { t } = useTranslation();
  const { documents, ui } = useStores();
  const replicaIds = shown?.trace.replicaIds ?? [];
  return (
    <Palette
      onAdd={(type) => {
        // Placed where it acts (a pause on the holder during its lease), not blindly at the playhead.
        const spot = shown
          ? paletteSpot(type, shown.trace, head, statechartReplica)
          : { laneId: statechartReplica ?? replicaIds[0] ?? 'A', atMs: head, grant: null };
        const added =
          (controller?.addEvent(type, spot.laneId, spot.atMs) ?? false) ||
          (controller?.addEvent(type, 'lock', spot.atMs) ?? false);
        const placed = added ? documents.getState().document.events?.at(-1) : undefined;
        if (!placed) return;
        const what = t(`panels.palette.items.${type as PaletteEventType}`);
        const where = 'replica' in placed ? placed.replica : 'node' in placed ? placed.node : t('panels.palette.lock');
        const at = 'at' in placed ? String(placed.at) : '';
        const text = spot.grant
          ? t('panels.palette.placedOnHolder', {
              what,
              where,
              at,
              holder: spot.grant.replica,
              token: spot.grant.token ?? '?',
            })
          : t('panels.palette.placed', { what, where, at });
        ui.getState().set({ notice: { kind: 'info', text } });
      }}
    />
  );
}
