/** Kinds of generated picture GET /api/v1/images/:kind/:id.svg serves. */
export const IMAGE_KINDS = ['guests', 'shows', 'show-covers', 'users', 'categories'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** Relative URL of a generated SVG (profiles without an uploaded image: all of them, for now). */
export function generatedImageUrl(kind: ImageKind, id: number): string {
  return `/api/v1/images/${kind}/${id}.svg`;
}
