// Variants (engine/variants.py: the rules part; names and summaries come from the server).
// Part of the rules in the page (see game.js).

import { cut, refuse } from "./errors.js";

export const DEFAULT_VARIANT = "pyramid";

const variant = (id, nameEn, passes, wastes, piles, openStock) => ({
  id, name_en: nameEn, passes, wastes, piles, open_stock: openStock, has_stock: piles === 0, recycles: Math.max(passes - 1, 0),
});
export const VARIANTS = Object.fromEntries([
  variant("pyramid", "Pyramid", 3, 1, 0, false),
  variant("classic", "Classic Pyramid", 1, 1, 0, false),
  variant("classic-redeal", "Pyramid, one redeal", 2, 1, 0, false),
  variant("three-wastes", "Solitaire 13, three wastes", 1, 3, 0, false),
  variant("giza", "Giza", 0, 0, 8, false),
  variant("open-stock", "Pyramid, open stock", 3, 1, 0, true),
].map((v) => [v.id, v]));

export function getVariant(id) {
  if (typeof id === "string" && Object.hasOwn(VARIANTS, id)) return VARIANTS[id];
  return refuse("UnknownVariant", "variant_unknown", { variant: cut(id), known: Object.keys(VARIANTS) });
}
