// The review panel's move list: one button per move played (its review mark, when reviewed)
// and per move on the redo path, greyed. It holds nothing: it is drawn again from the record.

import { t } from "../text/i18n.js";
import { moveShort } from "../text/words.js";

const MARKS = { winnable: "\u2713", losing: "\u2717", lost: "\u2022", unknown: "?" };

/**
 * Draw `record`'s moves into `list` (an <ol>) and the count into `count`, `empty` shown for no
 * move. how: {markOf(n) (move n's review mark, or null), open (a finished game: moves can be
 * shown), shown (the move shown, or null), pick(n) (a move's button was pressed)}.
 */
export function drawMoveList({ list, count, empty }, record, { markOf, open, shown, pick }) {
  const { moves, redo = [] } = record;
  const items = moves.map((move, i) => entry(i + 1, move, { mark: markOf(i + 1), open, shown, pick }));
  redo.forEach((move, i) => items.push(entry(moves.length + i + 1, move, { redo: true, shown, pick })));
  list.replaceChildren(...items);
  count.textContent = t("movesCount", { count: moves.length });
  empty.hidden = moves.length > 0;
}

function entry(n, move, { mark = null, redo = false, open = false, shown, pick }) {
  const item = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.n = String(n);
  if (mark) {
    item.dataset.mark = mark;
    const sign = document.createElement("span");
    sign.className = "mark";
    sign.textContent = MARKS[mark];
    sign.title = t(`mark_${mark}`);
    button.append(sign);
  }
  button.append(`${n}. ${moveShort(move) ?? move}`);
  button.disabled = redo || !open;
  if (redo) item.className = "redo";
  if (shown === n) item.classList.add("shown");
  button.addEventListener("click", () => pick(n));
  item.append(button);
  return item;
}
