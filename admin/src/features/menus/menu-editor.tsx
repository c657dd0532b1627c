import { useState } from 'react';
import { arrayMove } from '@dnd-kit/sortable';
import { IndentIncrease, IndentDecrease, Trash2 } from 'lucide-react';
import {
  MENU_ITEM_KIND_LABELS,
  MENU_LOCATION_LABELS,
  MENU_PLACEHOLDER_EXAMPLE,
  languageName,
  type Menu,
} from '@tours-cms/contract';
import { SortableList, useListKeys } from '../../components/ui/sortable-list';
import { FieldError, FormErrorBox } from '../../components/ui/form-field';
import { useNotify } from '../../components/ui/notify';
import { ApiError } from '../../lib/api-client';
import { useSiteLanguages } from '../../lib/site-languages';
import { AddMenuItem } from './add-menu-item';
import { useSaveMenu } from './api/menus';
import { itemName, normalized, toEditorItems, toMenuInput, type EditorItem } from './menu-model';

const ITEM_FIELD = /^items\[(\d+)\]\.(\w+)$/;

/**
 * One menu's editor: its items in order (drag, keyboard or buttons), one level of sub-items, and Save. On a site in
 * more than one language, each item has a label per other language (issue 30): a custom link's reads as its Label
 * until given, a page's, tour's or category's as its title in that language.
 */
export function MenuEditor({ menu, canEdit }: { menu: Menu; canEdit: boolean }) {
  const site = useSiteLanguages();
  const otherLanguages = site.languages.filter((language) => language !== site.defaultLanguage);
  const [items, setItems] = useState<EditorItem[]>(() => toEditorItems(menu));
  const keys = useListKeys(items.length);
  const save = useSaveMenu();
  const notify = useNotify();
  const [errors, setErrors] = useState<Map<number, string[]>>(new Map());
  const [formError, setFormError] = useState<string | null>(null);
  const name = MENU_LOCATION_LABELS[menu.location];
  const idPrefix = `menu-${menu.location}`;

  const change = (index: number, patch: Partial<EditorItem>) =>
    setItems((list) => list.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const move = (from: number, to: number) => {
    keys.moved(from, to);
    setItems((list) => normalized(arrayMove(list, from, to)));
  };
  const remove = (index: number) => {
    keys.removed(index);
    setItems((list) => normalized(list.filter((_, i) => i !== index)));
  };

  async function submit() {
    setErrors(new Map());
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ location: menu.location, input: toMenuInput(items, otherLanguages) });
      setItems(toEditorItems(saved));
      notify.success(`${name} saved`);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 422) {
        setFormError(error instanceof Error ? error.message : 'Error saving the menu. Please try again.');
        return;
      }
      const byItem = new Map<number, string[]>();
      for (const { field, message } of error.errors) {
        const match = ITEM_FIELD.exec(field);
        if (match) byItem.set(Number(match[1]), [...(byItem.get(Number(match[1])) ?? []), message]);
      }
      setErrors(byItem);
      setFormError(`${error.detail} (item ${[...byItem.keys()].map((i) => i + 1).join(', ') || '?'})`);
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
      {canEdit ? (
        <AddMenuItem
          idPrefix={idPrefix}
          onAdd={(item) => {
            keys.added();
            setItems((list) => [...list, item]);
          }}
        />
      ) : (
        <p className="text-sm text-slate-600">You may read the menus; editors and administrators change them.</p>
      )}
      <section className="card space-y-4 p-5" aria-labelledby={`${idPrefix}-heading`}>
        <div>
          <h2 id={`${idPrefix}-heading`} className="text-base font-semibold text-slate-900">
            {name}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Shown where a {menu.location} component holds <code>{MENU_PLACEHOLDER_EXAMPLE(menu.location)}</code>.
          </p>
        </div>
        <FormErrorBox message={formError} />
        {items.length === 0 ? (
          <p className="text-sm text-slate-600">This menu has no items yet.</p>
        ) : (
          <SortableList
            label={`${name} items`}
            items={items}
            keys={keys.keys}
            nameOf={(item) => itemName(item)}
            onMove={move}
            className="space-y-2"
            renderItem={(item, index, controls) => {
              const itemErrors = errors.get(index) ?? [];
              const title = itemName(item);
              const canIndent = index > 0 && item.depth === 0 && items[index + 1]?.depth !== 1;
              return (
                <div
                  className={`rounded-lg border p-3 ${item.depth === 1 ? 'ml-8 border-slate-200 bg-slate-50' : 'border-slate-300'} ${itemErrors.length ? 'border-red-400' : ''}`}
                >
                  <div className="flex flex-wrap items-center gap-2">
                    {canEdit && controls}
                    <span className="font-medium text-slate-900">{title}</span>
                    <span className="text-xs text-slate-500">
                      {MENU_ITEM_KIND_LABELS[item.kind]}
                      {item.depth === 1 ? ' · sub-item' : ''}
                    </span>
                    {!item.shown && (
                      <span className="rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
                        {item.target_title === null
                          ? 'Not shown: in the Trash or deleted'
                          : 'Not shown until published'}
                      </span>
                    )}
                    {canEdit && (
                      <span className="ml-auto flex gap-1">
                        {item.depth === 1 ? (
                          <button
                            type="button"
                            className="btn-secondary px-2 py-1 text-xs"
                            title="Move out to the top level"
                            onClick={() => change(index, { depth: 0 })}
                          >
                            <IndentDecrease className="h-4 w-4" aria-hidden="true" />
                            <span className="sr-only">Move {title} out to the top level</span>
                          </button>
                        ) : (
                          canIndent && (
                            <button
                              type="button"
                              className="btn-secondary px-2 py-1 text-xs"
                              title="Make a sub-item of the item above"
                              onClick={() => change(index, { depth: 1 })}
                            >
                              <IndentIncrease className="h-4 w-4" aria-hidden="true" />
                              <span className="sr-only">Make {title} a sub-item</span>
                            </button>
                          )
                        )}
                        <button
                          type="button"
                          className="btn-secondary px-2 py-1 text-xs"
                          title="Remove"
                          onClick={() => remove(index)}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden="true" />
                          <span className="sr-only">Remove {title}</span>
                        </button>
                      </span>
                    )}
                  </div>
                  {canEdit && (
                    <div className="mt-2 grid gap-2 sm:grid-cols-2">
                      <label className="text-xs text-slate-600">
                        Label
                        <input
                          className="input mt-1"
                          value={item.label}
                          placeholder={item.target_title ?? ''}
                          aria-label={`Label of ${title}`}
                          onChange={(event) => change(index, { label: event.target.value })}
                        />
                      </label>
                      {item.kind === 'custom' && (
                        <label className="text-xs text-slate-600">
                          Address
                          <input
                            className="input mt-1"
                            value={item.url}
                            inputMode="url"
                            aria-label={`Address of ${title}`}
                            aria-invalid={itemErrors.length > 0}
                            aria-describedby={
                              itemErrors.map((_, n) => `${idPrefix}-item-${index}-error-${n}`).join(' ') || undefined
                            }
                            onChange={(event) => change(index, { url: event.target.value })}
                          />
                        </label>
                      )}
                      {otherLanguages.map((language) => (
                        <label key={language} className="text-xs text-slate-600">
                          Label in {languageName(language)}
                          <input
                            className="input mt-1"
                            lang={language}
                            value={item.labels[language] ?? ''}
                            placeholder={item.kind === 'custom' ? item.label : `Its title in ${languageName(language)}`}
                            aria-label={`Label of ${title} in ${languageName(language)}`}
                            onChange={(event) =>
                              change(index, { labels: { ...item.labels, [language]: event.target.value } })
                            }
                          />
                        </label>
                      ))}
                    </div>
                  )}
                  {itemErrors.map((message, n) => (
                    <FieldError key={message} id={`${idPrefix}-item-${index}-error-${n}`} message={message} />
                  ))}
                </div>
              );
            }}
          />
        )}
        {canEdit && (
          <button type="button" className="btn-primary" disabled={save.isPending} onClick={() => void submit()}>
            {save.isPending ? 'Saving…' : `Save ${name}`}
          </button>
        )}
      </section>
    </div>
  );
}
