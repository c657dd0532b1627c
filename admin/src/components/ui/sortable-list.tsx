import { useRef, useState, type ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';

/**
 * Stable keys for the entries of a list held as a plain array (an itinerary, a menu): React and the drag library
 * need an identity that survives a move, and the values themselves have none. Call `moved`, `removed` and
 * `added` beside the change to the values; a list replaced from outside (a reload, a restore) gets fresh keys.
 */
export function useListKeys(length: number) {
  const next = useRef(0);
  const fresh = (count: number) => Array.from({ length: count }, () => `entry-${next.current++}`);
  const [keys, setKeys] = useState<string[]>(() => fresh(length));
  let current = keys;
  if (keys.length !== length) {
    current = fresh(length);
    setKeys(current);
  }
  return {
    keys: current,
    moved: (from: number, to: number) => setKeys((list) => arrayMove(list, from, to)),
    removed: (index: number) => setKeys((list) => list.filter((_, i) => i !== index)),
    /** Keys for `count` new entries inserted at `at` (the end by default). */
    added: (count = 1, at = current.length) => {
      const added = fresh(count);
      setKeys((list) => [...list.slice(0, at), ...added, ...list.slice(at)]);
      return added;
    },
  };
}

interface SortableListProps<T> {
  /** The list's accessible name ('Itinerary', 'Header menu'). */
  label: string;
  items: readonly T[];
  /** One stable key an item, in the same order (`useListKeys`). */
  keys: readonly string[];
  /** How announcements and the move buttons name an item ('Day 2, Arrival in Lisbon'). */
  nameOf: (item: T, index: number) => string;
  onMove: (from: number, to: number) => void;
  /** One entry; `controls` (the drag handle and the move buttons) go where the entry wants them. */
  renderItem: (item: T, index: number, controls: ReactNode) => ReactNode;
  className?: string;
}

/**
 * A list staff reorder by dragging, by keyboard (the handle: Space to pick up, arrows to move, Space to drop,
 * Escape to cancel) or with the Move up / Move down buttons. Every move is announced to screen readers with the
 * item's name and its new position.
 */
export function SortableList<T>({ label, items, keys, nameOf, onMove, renderItem, className }: SortableListProps<T>) {
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on the handle or inside an entry stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [status, setStatus] = useState('');
  const indexOf = (id: UniqueIdentifier) => keys.indexOf(String(id));
  const describe = (id: UniqueIdentifier) => {
    const index = indexOf(id);
    const item = items[index];
    return item === undefined ? 'The item' : nameOf(item, index);
  };
  const position = (id: UniqueIdentifier | undefined) =>
    id === undefined ? '' : `position ${indexOf(id) + 1} of ${items.length}`;
  // dnd-kit names the item under the pointer by its key: say it with the name the list gives it.
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${describe(active.id)}, at ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${describe(active.id)} is over ${position(over.id)}.`
        : `${describe(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over ? `${describe(active.id)} dropped at ${position(over.id)}.` : `${describe(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${describe(active.id)} was cancelled.`,
  };
  const move = (from: number, to: number) => {
    const item = items[from];
    if (item === undefined || to < 0 || to >= items.length || from === to) return;
    onMove(from, to);
    setStatus(`${nameOf(item, to)} moved to position ${to + 1} of ${items.length}.`);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(indexOf(active.id), indexOf(over.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move this item, press Space, then the arrow keys; press Space again to drop it, or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={keys as UniqueIdentifier[]} strategy={verticalListSortingStrategy}>
        <ol aria-label={label} className={className ?? 'space-y-3'}>
          {items.map((item, index) => (
            <SortableRow
              key={keys[index]}
              id={keys[index] ?? String(index)}
              name={nameOf(item, index)}
              isFirst={index === 0}
              isLast={index === items.length - 1}
              onUp={() => move(index, index - 1)}
              onDown={() => move(index, index + 1)}
            >
              {(controls) => renderItem(item, index, controls)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
    </DndContext>
  );
}

function SortableRow({
  id,
  name,
  isFirst,
  isLast,
  onUp,
  onDown,
  children,
}: {
  id: string;
  name: string;
  isFirst: boolean;
  isLast: boolean;
  onUp: () => void;
  onDown: () => void;
  children: (controls: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const buttonClass =
    'inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent';
  const controls = (
    <span className="flex shrink-0 items-center gap-0.5">
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Drag ${name}`}
        className={`${buttonClass} cursor-grab touch-none active:cursor-grabbing`}
      >
        <GripVertical className="h-4 w-4" aria-hidden="true" />
      </button>
      {/* aria-disabled rather than disabled: the button keeps focus after the move that took it to the end. */}
      <button
        type="button"
        aria-label={`Move ${name} up`}
        aria-disabled={isFirst}
        onClick={onUp}
        className={buttonClass}
      >
        <ArrowUp className="h-4 w-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label={`Move ${name} down`}
        aria-disabled={isLast}
        onClick={onDown}
        className={buttonClass}
      >
        <ArrowDown className="h-4 w-4" aria-hidden="true" />
      </button>
    </span>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? 'relative z-10 opacity-80 shadow-lg' : undefined}
    >
      {children(controls)}
    </li>
  );
}
