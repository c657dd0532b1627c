import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { versionConflictSchema, type VersionConflict } from '@tours-cms/contract';
import { ApiError } from '../../lib/api-client';
import { useFormSubmit, type FormSubmit, type FormSubmitOptions } from '../kit/use-form-submit';
import { useUnsavedChangesGuard, valuesDiffer } from './unsaved-changes';
import { useUnsavedCopy, type UnsavedCopy } from './use-unsaved-copy';

/** The 409 of a stale save, read with the contract's schema; anything else is no conflict. */
export function versionConflictOf(error: unknown): VersionConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = versionConflictSchema.safeParse({ ...error.body, detail: error.detail });
  return parsed.success ? parsed.data : null;
}

/** Where a save leaves the staff member: in the editor ('stay'), or back at the list ('close'). */
export type SaveIntent = 'stay' | 'close';

/** What a save answers: the item as saved (its id, and the version the next save must name). */
export interface SavedItem {
  id: number;
  version: number;
}

export interface VersionedEditorOptions<Values extends object, Input extends object> extends Pick<
  FormSubmitOptions<Input>,
  'schema' | 'successNotice' | 'failureNotice' | 'describeFailure'
> {
  resource: 'post' | 'page' | 'component';
  /** The saved item being edited: its id and the version the editor loaded; absent for a new item. */
  item?: { id: number; version: number };
  /** The editor's values at the start (the saved item's, or a new item's defaults). */
  initial: Values;
  /** The query key of the item, reloaded when the editor takes the saved version instead of its own. */
  queryKey?: readonly unknown[];
  /** The API body of the values (the version is added here). */
  toInput: (values: Values) => Input;
  /** A check the schema cannot express, on the body about to be sent. */
  check?: FormSubmitOptions<Input>['check'];
  send: (input: Input & { version?: number }) => Promise<SavedItem>;
  /** After a save, with the saved item and where the staff member asked to be: leave the screen, or stay. */
  onSaved?: (saved: SavedItem, intent: SaveIntent) => void;
  /** After the editor took the saved version instead of its own (a restore, a conflict): start it over. */
  onReloaded?: () => void;
  /** When the item was last saved, if the screen knows (a new item just created and opened for editing). */
  savedAt?: Date | null;
  /** A stored copy's values as this editor's values (an older shape of them, say); by default as they are. */
  reviveCopy?: (stored: Partial<Values>) => Partial<Values>;
}

export interface VersionedEditor<Values extends object, Input extends object> {
  values: Values;
  setValues: (update: (values: Values) => Values) => void;
  /** Sets one field. */
  set: <K extends keyof Values>(field: K, value: Values[K]) => void;
  isDirty: boolean;
  /** Changes whenever the editor's values start over (a restored copy): the key of editors that keep their own state. */
  generation: number;
  /** A copy of unsaved work left in this browser by an earlier visit, offered back until restored or discarded. */
  copyOffer: UnsavedCopy<Partial<Values>> | null;
  restoreCopy: () => void;
  discardCopy: () => void;
  /** Saves the values with the version the editor loaded; 'stay' (the default) keeps the editor open. */
  save: (intent?: SaveIntent) => Promise<boolean>;
  /** When this editor last saved (shown as "Saved at ..."), or null. */
  lastSavedAt: Date | null;
  /** A save refused because someone saved a newer version meanwhile: who and when. */
  conflict: VersionConflict | null;
  /** Saves over the newer version the conflict named (it stays in the history). */
  saveAnyway: () => Promise<boolean>;
  /** Drops this editor's edits for the saved item: the screen loads it again and the editor starts over. */
  reload: () => void;
  form: Omit<FormSubmit<Input>, 'submit'>;
}

/**
 * The one editing session of versioned content (posts, pages, common components): the values and whether they
 * differ from what is saved (leaving asks first), a copy of unsaved work kept in this browser and offered back, the
 * version the editor loaded sent with every save, and a stale save's 409 turned into the choices it offers.
 */
export function useVersionedEditor<Values extends object, Input extends object>(
  options: VersionedEditorOptions<Values, Input>,
): VersionedEditor<Values, Input> {
  const {
    resource,
    item,
    initial,
    queryKey,
    toInput,
    send,
    onSaved,
    onReloaded,
    reviveCopy = (stored) => stored,
  } = options;
  const [values, setValues] = useState(initial);
  // What the server holds: the editor is dirty while its values differ from it.
  const [savedValues, setSavedValues] = useState(initial);
  const isDirty = valuesDiffer(values, savedValues);
  const markClean = useUnsavedChangesGuard(isDirty);
  const copy = useUnsavedCopy<Partial<Values>>({
    resource,
    itemId: item?.id,
    values,
    isDirty,
    baseVersion: item?.version,
    differsFromLoaded: (stored) => valuesDiffer({ ...initial, ...reviveCopy(stored) }, initial),
  });
  const [generation, setGeneration] = useState(0);
  // The version this editor was loaded at (or, to save anyway, the newer one it was told of).
  const version = useRef(item?.version);
  const [conflict, setConflict] = useState<VersionConflict | null>(null);
  const [lastSavedAt, setLastSavedAt] = useState<Date | null>(options.savedAt ?? null);
  // What the pressed button asked for, and what the save answered, for onSuccess.
  const intent = useRef<SaveIntent>('stay');
  const saved = useRef<SavedItem | null>(null);
  const queryClient = useQueryClient();

  const submit = useFormSubmit<Input>({
    schema: options.schema,
    check: options.check,
    successNotice: options.successNotice,
    failureNotice: options.failureNotice,
    describeFailure: options.describeFailure,
    send: async (input) => {
      setConflict(null);
      saved.current = await send(version.current !== undefined ? { ...input, version: version.current } : input);
    },
    onFailure: (error) => setConflict(versionConflictOf(error)),
    onSuccess: () => {
      setSavedValues(values);
      setLastSavedAt(new Date());
      // The next save names the version this one made.
      if (saved.current) version.current = saved.current.version;
      if (intent.current === 'close') copy.clear();
      else copy.saved();
      markClean();
      if (saved.current) onSaved?.(saved.current, intent.current);
    },
  });
  const { submit: submitInput, ...form } = submit;

  const save = (how: SaveIntent = 'stay') => {
    intent.current = how;
    return submitInput(toInput(values));
  };
  return {
    values,
    setValues,
    set: useCallback(
      <K extends keyof Values>(field: K, value: Values[K]) => setValues((current) => ({ ...current, [field]: value })),
      [],
    ),
    isDirty,
    generation,
    copyOffer: copy.offer,
    restoreCopy: () => {
      if (!copy.offer) return;
      setValues({ ...initial, ...reviveCopy(copy.offer.values) });
      setGeneration((n) => n + 1);
      copy.accept();
    },
    discardCopy: copy.discard,
    save,
    lastSavedAt,
    conflict,
    saveAnyway: () => {
      if (conflict) version.current = conflict.current_version;
      return save(intent.current);
    },
    reload: () => {
      markClean();
      copy.clear(); // the saved version replaces these edits, by choice: nothing to offer back
      setConflict(null);
      if (queryKey) void queryClient.invalidateQueries({ queryKey }).then(() => onReloaded?.());
    },
    form,
  };
}
