import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MediaItem, Post, SectionImage } from '@tours-cms/contract';
import { findListedMedia } from '../../../../components/media-selector/use-media-list';

interface KnownImages {
  /** The image an id names, when the editor has seen it (null: not known here; its id is still kept). */
  imageOf: (id: number) => SectionImage | null;
  /** Keeps an image chosen in the media selector, so its preview shows before the save. */
  remember: (item: MediaItem) => void;
}

const KnownImagesContext = createContext<KnownImages>({ imageOf: () => null, remember: () => {} });

/** The images of the post being edited (its itinerary and gallery, as the API answered them) and those chosen since. */
export function KnownImagesProvider({ post, children }: { post: Post | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<ReadonlyMap<number, SectionImage>>(new Map());
  const fromPost = useMemo(() => {
    const map = new Map<number, SectionImage>();
    for (const entry of post?.itinerary ?? []) if (entry.image) map.set(entry.image.id, entry.image);
    for (const item of post?.gallery ?? []) map.set(item.media.id, item.media);
    return map;
  }, [post]);
  const imageOf = useCallback(
    (id: number) =>
      chosen.get(id) ??
      fromPost.get(id) ??
      // A page of the media library this tab has been sent (the selector's).
      findListedMedia(queryClient, id) ??
      null,
    [chosen, fromPost, queryClient],
  );
  const remember = useCallback((item: MediaItem) => {
    const { id, file_path, thumbnail_path, alt_text, width, height } = item;
    setChosen((map) => new Map(map).set(id, { id, file_path, thumbnail_path, alt_text, width, height }));
  }, []);
  const value = useMemo(() => ({ imageOf, remember }), [imageOf, remember]);
  return <KnownImagesContext value={value}>{children}</KnownImagesContext>;
}

export const useKnownImages = () => use(KnownImagesContext);
