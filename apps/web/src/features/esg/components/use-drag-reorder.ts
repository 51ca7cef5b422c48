import { type DragEvent, useState } from 'react';

/**
 * Reordering a list by dragging an item's grip onto another item with the mouse (HTML drag and drop, no
 * library). It only adds to the up and down arrows beside each item, which keyboard and touch users have. Only
 * the grip is draggable, so text in the item's inputs can still be selected.
 */
export function useDragReorder(onMove: (from: number, to: number) => void) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const reset = () => {
    setDragged(null);
    setOver(null);
  };
  return {
    over,
    handleProps(index: number) {
      return {
        draggable: true,
        onDragStart: (event: DragEvent<HTMLElement>) => {
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', String(index));
          const item = event.currentTarget.closest<HTMLElement>('[data-drag-item]');
          if (item) event.dataTransfer.setDragImage(item, 16, 16);
          setDragged(index);
        },
        onDragEnd: reset,
      };
    },
    itemProps(index: number) {
      return {
        'data-drag-item': true,
        onDragOver: (event: DragEvent) => {
          if (dragged === null) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
          setOver(index);
        },
        onDrop: (event: DragEvent) => {
          event.preventDefault();
          if (dragged !== null && dragged !== index) onMove(dragged, index);
          reset();
        },
      };
    },
  };
}
