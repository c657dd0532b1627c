import {
  emptyFormValues,
  inputDefaults,
  postFields,
  postInputSchema,
  postSnapshot,
  scheduledOnly,
  toFormValues,
  toInputValues,
  type FeaturedImage,
  type FormValues,
  type Post,
  type PostData,
  type PostFields,
  type PostInput,
} from '@tours-cms/contract';

/**
 * What the form's inputs hold: one value per field of the posts' field table (text as typed, ids as chosen), and
 * the chosen featured image whole, so its card can show it.
 */
export type PostFormValues = FormValues<PostData, PostFields> & { featured_image: FeaturedImage | null };

export const emptyPostValues: PostFormValues = {
  ...emptyFormValues<PostData, PostFields>(postFields, inputDefaults(postInputSchema)),
  featured_image: null,
};

/** A saved post's values in the form: missing text as blanks. */
export function toPostFormValues(post: Post): PostFormValues {
  return {
    ...toFormValues<PostData, PostFields>(postFields, postSnapshot(post), emptyPostValues),
    featured_image: post.featured_image,
  };
}

/**
 * The body of POST /posts/ and PUT /posts/{id}, field by field from the table (what cannot be read as a number
 * stays as typed, for the schema to refuse). An empty editor ("<p></p>") is no content, a schedule is sent only
 * with the status Scheduled, and author_id is 1: the server ignores it and records the signed-in user.
 */
export function toPostInput({ featured_image: _image, ...values }: PostFormValues): PostInput & { author_id: number } {
  const input = toInputValues<PostData, PostFields>(postFields, values) as PostInput;
  return { ...scheduledOnly(input), content: values.content === '<p></p>' ? '' : input.content, author_id: 1 };
}

/** An unsaved copy kept by an older admin, which held the chosen image but not its id. */
export function revivePostCopy(stored: Partial<PostFormValues>): Partial<PostFormValues> {
  return 'featured_image' in stored && !('featured_image_id' in stored)
    ? { ...stored, featured_image_id: stored.featured_image?.id ?? null }
    : stored;
}
