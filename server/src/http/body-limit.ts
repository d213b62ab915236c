/** Largest request body accepted; metadata is capped at 8 KiB, so this leaves ample room and stops abuse early. */
export const MAX_BODY_BYTES = 64 * 1024;
