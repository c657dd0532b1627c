import { useState, type FormEvent } from 'react';
import { MENU_ITEM_KIND_LABELS, MENU_ITEM_KINDS, type MenuItemKind } from '@tours-cms/contract';
import { FormField } from '../../components/ui/form-field';
import { useMenuTargets } from './api/menus';
import type { EditorItem } from './menu-model';

interface Target {
  id: number;
  title: string;
}

/** The form that adds an entry: a page, a tour or a category chosen from its list, or a custom link. */
export function AddMenuItem({ idPrefix, onAdd }: { idPrefix: string; onAdd: (item: EditorItem) => void }) {
  const { pages, posts, categories } = useMenuTargets();
  const [kind, setKind] = useState<MenuItemKind>('page');
  const [targetId, setTargetId] = useState('');
  const [label, setLabel] = useState('');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();

  const draftNote = (status: string) => (status === 'published' ? '' : ` (${status}: not shown until published)`);
  const targets: Record<Exclude<MenuItemKind, 'custom'>, Target[]> = {
    page: (pages.data ?? []).map((p) => ({ id: p.id, title: `${p.title}${draftNote(p.status)}` })),
    post: (posts.data ?? []).map((p) => ({ id: p.id, title: `${p.title}${draftNote(p.status)}` })),
    category: (categories.data ?? []).map((c) => ({ id: c.id, title: c.name })),
  };
  const titleOf = (id: number) =>
    kind === 'page'
      ? pages.data?.find((p) => p.id === id)
      : kind === 'post'
        ? posts.data?.find((p) => p.id === id)
        : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (kind === 'custom') {
      if (!label.trim() || !url.trim()) return setError('Give the link a text and an address');
      onAdd({
        kind,
        target_id: null,
        label: label.trim(),
        labels: {},
        url: url.trim(),
        depth: 0,
        target_title: null,
        shown: true,
      });
      setLabel('');
      setUrl('');
    } else {
      const id = Number(targetId);
      if (!id) return setError(`Choose a ${MENU_ITEM_KIND_LABELS[kind].toLowerCase()}`);
      const found = titleOf(id);
      const title = kind === 'category' ? categories.data?.find((c) => c.id === id)?.name : found?.title;
      onAdd({
        kind,
        target_id: id,
        label: '',
        labels: {},
        url: '',
        depth: 0,
        target_title: title ?? null,
        shown: kind === 'category' || found?.status === 'published',
      });
      setTargetId('');
    }
    setError(undefined);
  };

  const field = (name: string) => `${idPrefix}-add-${name}`;
  return (
    <form onSubmit={submit} className="card space-y-4 p-5" aria-labelledby={field('heading')}>
      <h2 id={field('heading')} className="text-base font-semibold text-slate-900">
        Add an item
      </h2>
      <FormField id={field('kind')} label="Kind">
        <select
          id={field('kind')}
          className="input"
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as MenuItemKind);
            setTargetId('');
            setError(undefined);
          }}
        >
          {MENU_ITEM_KINDS.map((option) => (
            <option key={option} value={option}>
              {MENU_ITEM_KIND_LABELS[option]}
            </option>
          ))}
        </select>
      </FormField>
      {kind === 'custom' ? (
        <>
          <FormField id={field('label')} label="Link text" error={error && !label.trim() ? error : undefined}>
            <input
              id={field('label')}
              className="input"
              value={label}
              onChange={(event) => setLabel(event.target.value)}
            />
          </FormField>
          <FormField
            id={field('url')}
            label="Address"
            hint="https://… for another site, /… for a page of this one"
            error={error && label.trim() ? error : undefined}
          >
            <input
              id={field('url')}
              className="input"
              inputMode="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
            />
          </FormField>
        </>
      ) : (
        <FormField id={field('target')} label={MENU_ITEM_KIND_LABELS[kind]} error={error}>
          <select
            id={field('target')}
            className="input"
            value={targetId}
            onChange={(event) => setTargetId(event.target.value)}
          >
            <option value="">Choose…</option>
            {targets[kind].map((target) => (
              <option key={target.id} value={target.id}>
                {target.title}
              </option>
            ))}
          </select>
        </FormField>
      )}
      <button type="submit" className="btn-secondary">
        Add to menu
      </button>
    </form>
  );
}
