// view/layout.js: the plan's cards fit the board they are planned for, whatever its size, with
// the heaps below or beside the pyramid, large cards or not. Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { load } from "./page.mjs";

const { planLayout } = await load("view/layout.js");
const { Game } = await load("rules/game.js");
const { view } = await load("rules/view.js");

const SIZES = [[1280, 720], [1000, 700], [390, 700], [844, 390], [777, 555], [1366, 657]];

for (const variant of ["pyramid", "giza", "three-wastes", "open-stock"]) {
  test(`${variant}: the planned table fits the board, in whole pixels`, () => {
    const shown = view(new Game(variant, { deal: 1 }));
    for (const [width, height] of SIZES) {
      for (const large of [false, true]) {
        const plan = planLayout(shown, width, height, { large, openStock: variant === "open-stock" });
        const where = `${width}x${height}${large ? " large" : ""}`;
        assert.ok(Number.isInteger(plan.cw) && plan.cw >= 20, `${where}: cw ${plan.cw}`);
        if (plan.cw > 20) assert.ok(plan.cw * plan.width <= width, `${where}: ${plan.cw} x ${plan.width} wider than ${width}`);
        if (plan.cw > 20 && !plan.tall) assert.ok(plan.cw * plan.height <= height, `${where}: taller than ${height}`);
      }
    }
  });
}
