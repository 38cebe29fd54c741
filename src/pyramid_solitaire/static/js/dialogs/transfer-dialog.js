// The More dialog's Export and Import (what they hold and how an import is checked: state/transfer.js).

import { ImportRefused, checkFile, checkSize, collect, replaceWith } from "../state/transfer.js";
import { importParams, storageRefusal } from "../text/refusals.js";
import { variantName } from "../text/i18n.js";
import { entryOrNull } from "../text/variant-names.js";
import { listOf } from "../text/words.js";

/** Offer the export as a file download. */
export function download(data = collect()) {
  const blob = new Blob([JSON.stringify(data, null, 1)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `pyramid-solitaire-${data.exported.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

/**
 * The More dialog's Export and Import. deps: say(text, ms), ask(dialog, yes, no), variants()
 * (the known variant ids), check(record) (the rules' answer for a record), t (the texts).
 */
// For the page after the reload: say that it worked; the file's saves, by name (a list, as JSON).
const IMPORTED = "pyramid-solitaire.imported";

/** Just after an import's reload: say that the import worked (once), and where the file's
 *  games are when none is of the variant on the table (the session's `variant`, among its
 *  `variants`): a file of play --save holds one game, of any variant. */
export function sayImported(say, t, { variant, variants }) {
  const opened = variant?.id;
  const nameOf = (id) => { // quoted; null for a challenge's slot
    const entry = entryOrNull(variants, id);
    return entry && t("quoted", { text: variantName(entry) });
  };
  const text = sessionStorage.getItem(IMPORTED);
  if (text === null) return;
  sessionStorage.removeItem(IMPORTED);
  let ids = [];
  try {
    ids = [].concat(JSON.parse(text)).filter((id) => typeof id === "string");
  } catch {
    // not the list this page writes: said as an import
  }
  const names = ids.map(nameOf).filter(Boolean);
  if (!names.length || ids.includes(opened)) say(t("importDone"), 8000);
  else say(t("importDoneOther", { names: listOf(names), name: nameOf(opened), count: names.length }), 0);
}

export function bindTransfer({ say, ask, variants, check, t }) {
  const $ = (id) => document.getElementById(id);
  $("btn-export").addEventListener("click", () => {
    download();
    say(t("exportDone"), 6000);
  });
  $("btn-import").addEventListener("click", () => $("import-file").click());
  $("import-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    event.target.value = ""; // the same file can be chosen again
    if (!file) return;
    $("more-dialog").close();
    let data;
    try {
      checkSize(file.size); // before reading it: a file too large to be an export is refused at once
      data = await checkFile(await file.text(), variants(), check);
    } catch (err) {
      if (!(err instanceof ImportRefused)) throw err;
      say(t("importBad", { reason: t(err.key, importParams(err.params)) }), 0);
      return;
    }
    const games = t("importAskGames", { count: Object.keys(data.saves).length });
    const counted = t("importAskStats", { count: Object.keys(data.statistics).length });
    $("import-text").textContent = t("importAsk", { games, stats: counted });
    if (!(await ask($("import-dialog"), $("import-yes"), $("import-no")))) return;
    const refusal = replaceWith(data);
    if (refusal) {
      say(t("importFull", { why: storageRefusal(refusal) }), 0);
      return;
    }
    // The imported games, statistics and settings, as a new visit shows them; that visit says so.
    sessionStorage.setItem(IMPORTED, JSON.stringify(Object.keys(data.saves)));
    window.location.reload();
  });
}
