/** Limits shared by the server's validation and the admin's forms. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const EMAIL_MAX = 254;
export const FULL_NAME_MAX = 100;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const TITLE_MAX = 200;
export const SLUG_MAX = 200;
export const NAME_MAX = 100;
export const SHORT_TEXT_MAX = 255;
export const DESCRIPTION_MAX = 2_000;
export const EXCERPT_MAX = 5_000;
/** Rich HTML bodies (posts, pages, components): generous, but bounded. */
export const CONTENT_MAX = 2_000_000;
export const SEO_TITLE_MAX = 60;
export const SEO_TITLE_WARN = 50;
export const SEO_DESCRIPTION_MAX = 160;
export const SEO_DESCRIPTION_WARN = 150;
/** The SEO fields are a soft guide on screen; the server only refuses absurd lengths. */
export const SEO_FIELD_HARD_MAX = 1_000;
export const FOLDER_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 5_000;
export const PHONE_MAX = 40;
export const URL_MAX = 2_048;
export const COPIED_INDICATOR_MS = 2_000;
export const EDITOR_HISTORY_DEPTH = 100;
export const EDITOR_HISTORY_MERGE_MS = 1_000;
/** The localStorage key under which the admin keeps its bearer token. */
export const TOKEN_STORAGE_KEY = 'token';
