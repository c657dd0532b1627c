import { useQueryClient } from '@tanstack/react-query';

/** Refreshes every entry under each of the keys given (`changedWith.post` after a post's save), together. */
export function useInvalidate() {
  const queryClient = useQueryClient();
  return (keys: readonly (readonly unknown[])[]) =>
    Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
